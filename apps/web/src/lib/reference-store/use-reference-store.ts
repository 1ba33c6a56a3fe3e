import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useToast } from '@/ui/toast';
import { referenceFetchers } from './reference-fetchers';
import type { KeyedKind, ReferenceData, ReferenceFetchers, ReferenceKind } from './reference-kinds';
import {
  createReferenceStore,
  entryOf,
  type Entry,
  type KindArgs,
  type ReferenceStore,
} from './reference-store';

// One store for as long as the app's query client lives: moving between screens (and between
// features) keeps what is loaded (REF-20); a fresh client (sign-out, a test) starts empty.
const stores = new WeakMap<QueryClient, ReferenceStore>();

/** Tests may give other fetchers; the app uses the real calls. */
export function referenceStoreFor(
  queryClient: QueryClient,
  onError: (text: string) => void,
  fetchers: ReferenceFetchers = referenceFetchers,
): ReferenceStore {
  let store = stores.get(queryClient);
  if (!store) {
    store = createReferenceStore({
      fetchers,
      onError,
      onConflict: () => window.location.reload(),
    });
    stores.set(queryClient, store);
  }
  return store;
}

/** The console's reference store, its failures shown as error toasts. */
export function useReferenceStore(): ReferenceStore {
  const toast = useToast();
  return referenceStoreFor(useQueryClient(), toast.error);
}

/**
 * One kind (of one id, for keyed kinds), loaded once when first shown (REF-18, REF-20) unless
 * `enabled` is false (e.g. a menu that loads only when opened).
 */
export function useReference<K extends ReferenceKind>(
  kind: K,
  ...rest: K extends KeyedKind ? [id: number, enabled?: boolean] : [enabled?: boolean]
): Entry<ReferenceData[K]> {
  const store = useReferenceStore();
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const id = typeof rest[0] === 'number' ? rest[0] : undefined;
  const enabled = (id === undefined ? rest[0] : rest[1]) ?? true;
  const args = (id === undefined ? [] : [id]) as KindArgs<K>;
  useEffect(() => {
    if (enabled) void store.load(kind, ...((id === undefined ? [] : [id]) as KindArgs<K>));
  }, [store, kind, id, enabled]);
  return entryOf(state, kind, ...args);
}

/**
 * After a screen changes what a kind holds (a course saved): that kind reloads (forced), if it
 * has been loaded in this session at all — nothing is fetched for screens never opened.
 */
export function reloadReference(queryClient: QueryClient, kind: ReferenceKind, id?: number): void {
  const store = stores.get(queryClient);
  if (!store?.isLoaded(kind, id)) return;
  const load = store.load as (kind: ReferenceKind, ...args: unknown[]) => Promise<unknown>;
  void (id === undefined ? load(kind, { force: true }) : load(kind, id, { force: true }));
}
