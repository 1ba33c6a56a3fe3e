import type { Course, Resource } from '@tsunagu/contracts';
import { isApiError } from '@/lib/api-error';

export type SalonStatus = {
  id: number;
  key: string;
  name: string;
  color: string;
  holds_slot: boolean;
};

export type ReferenceData = {
  resources: Resource[];
  courses: Course[];
  statuses: SalonStatus[];
};
export type ReferenceKind = keyof ReferenceData;
export const REFERENCE_KINDS: readonly ReferenceKind[] = ['resources', 'courses', 'statuses'];

/** The error toast of a failed reference load (spec §8). */
export const REFERENCE_LOAD_ERROR = '読み込み中にエラーが発生しました';

type Entry<K extends ReferenceKind> = { loaded: boolean; data: ReferenceData[K] };
export type ReferenceState = { [K in ReferenceKind]: Entry<K> };

export type ReferenceStoreOptions = {
  fetchers: { [K in ReferenceKind]: () => Promise<ReferenceData[K]> };
  /** Shows the error toast. */
  onError: (message: string) => void;
  /** HTTP 409: the whole page reloads. */
  onConflict: () => void;
};

/**
 * The salon's reference data (REF-01..04, 18..22): resources, courses and statuses, each with
 * its own loaded flag. A load that is not forced returns at once when the kind is loaded; a
 * failed load also counts as loaded, so nothing retries on its own (REF-19); a forced load
 * fetches again (REF-21); loads of one kind never run side by side — a caller arriving while
 * one is in flight waits for it and then returns, or fetches again if forced (REF-22).
 */
export function createReferenceStore({ fetchers, onError, onConflict }: ReferenceStoreOptions) {
  let state: ReferenceState = {
    resources: { loaded: false, data: [] },
    courses: { loaded: false, data: [] },
    statuses: { loaded: false, data: [] },
  };
  const listeners = new Set<() => void>();
  const inFlight = new Map<ReferenceKind, Promise<void>>();

  const set = <K extends ReferenceKind>(kind: K, entry: Entry<K>) => {
    state = { ...state, [kind]: entry };
    listeners.forEach((listener) => listener());
  };

  const fetchKind = async <K extends ReferenceKind>(kind: K) => {
    try {
      set(kind, { loaded: true, data: await fetchers[kind]() });
    } catch (error) {
      set(kind, { loaded: true, data: state[kind].data });
      if (isApiError(error) && error.status === 409) onConflict();
      else onError(REFERENCE_LOAD_ERROR);
    }
  };

  async function load<K extends ReferenceKind>(
    kind: K,
    { force = false }: { force?: boolean } = {},
  ): Promise<ReferenceData[K]> {
    const running = inFlight.get(kind);
    if (running) {
      await running.catch(() => undefined);
      if (!force) return state[kind].data;
      return load(kind, { force });
    }
    if (!force && state[kind].loaded) return state[kind].data;
    const run = fetchKind(kind);
    inFlight.set(kind, run);
    try {
      await run;
    } finally {
      inFlight.delete(kind);
    }
    return state[kind].data;
  }

  return {
    load,
    loadAll: (options?: { force?: boolean }) =>
      Promise.all(REFERENCE_KINDS.map((kind) => load(kind, options))),
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ReferenceStore = ReturnType<typeof createReferenceStore>;
