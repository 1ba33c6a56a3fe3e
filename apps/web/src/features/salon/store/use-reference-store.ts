import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useToast } from '@/ui/toast';
import { referenceFetchers } from './reference-fetchers';
import { createReferenceStore, type ReferenceStore } from './reference-store';

// One store per salon for as long as the app's query client lives: moving between the salon
// screens keeps what is loaded (REF-20), and a fresh client (sign-out, a test) starts empty.
const stores = new WeakMap<QueryClient, Map<number, ReferenceStore>>();

function storeFor(queryClient: QueryClient, salonId: number, onError: (text: string) => void) {
  let perSalon = stores.get(queryClient);
  if (!perSalon) stores.set(queryClient, (perSalon = new Map()));
  let store = perSalon.get(salonId);
  if (!store) {
    store = createReferenceStore({
      fetchers: referenceFetchers(salonId),
      onError,
      onConflict: () => window.location.reload(),
    });
    perSalon.set(salonId, store);
  }
  return store;
}

/** The salon's resources, courses and statuses; loads each kind once (REF-18..22). */
export function useReferenceStore(salonId: number) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const store = storeFor(queryClient, salonId, toast.error);
  const state = useSyncExternalStore(store.subscribe, store.getState);
  useEffect(() => {
    void store.loadAll();
  }, [store]);
  return { ...state, store };
}

/**
 * After the settings screens change a salon's courses or resources: the timeline's reference
 * data reloads that kind (forced), if it has been loaded in this session at all.
 */
export function reloadReference(
  queryClient: QueryClient,
  salonId: number,
  kind: 'resources' | 'courses',
): void {
  const store = stores.get(queryClient)?.get(salonId);
  if (store) void store.load(kind, { force: true });
}
