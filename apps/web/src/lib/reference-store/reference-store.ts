import { isApiError } from '@/lib/api-error';
import {
  KIND_RULES,
  type KeyedKind,
  type ReferenceData,
  type ReferenceFetchers,
  type ReferenceKind,
} from './reference-kinds';

export type Entry<T> = { loaded: boolean; data: T };
/** The store's snapshot: one entry per slot (`varia`, `choices:12`, `resources:3`). */
export type ReferenceState = Readonly<Record<string, Entry<unknown>>>;
export type LoadOptions = { force?: boolean };
/** A keyed kind needs its id (salon id, field id); the others none. */
export type KindArgs<K extends ReferenceKind> = K extends KeyedKind ? [id: number] : [];

export type ReferenceStoreOptions = {
  fetchers: ReferenceFetchers;
  /** Shows the error toast (REF-24). */
  onError: (message: string) => void;
  /** HTTP 409: the whole page reloads (REF-25). */
  onConflict: () => void;
};

const slotOf = (kind: ReferenceKind, id?: number) => (id === undefined ? kind : `${kind}:${id}`);

/** The entry of a kind in a snapshot; a slot never loaded reads as not loaded and empty. */
export function entryOf<K extends ReferenceKind>(
  state: ReferenceState,
  kind: K,
  ...[id]: KindArgs<K>
): Entry<ReferenceData[K]> {
  const entry = state[slotOf(kind, id)] as Entry<ReferenceData[K]> | undefined;
  return entry ?? { loaded: false, data: KIND_RULES[kind].empty() };
}

/**
 * The console's one reference data store (REF-01, REF-18..30; decision 0155). Each kind (and
 * each id of a keyed kind) starts not loaded and becomes loaded with its data (REF-18). A failed
 * load also counts as loaded, so nothing retries on its own (REF-19); a non-forced load of a
 * loaded kind returns at once (REF-20); a forced one fetches again (REF-21). Loads of one slot
 * never run side by side: a caller arriving while one is in flight waits for it, then returns —
 * or fetches once more if forced (REF-22). Failures: choices fall back to an empty list
 * (REF-23), a toast names the kind (REF-24, 26..29), 409 reloads the page (REF-25), and common
 * information's 403 is silent (REF-30).
 */
export function createReferenceStore({ fetchers, onError, onConflict }: ReferenceStoreOptions) {
  let state: ReferenceState = {};
  const listeners = new Set<() => void>();
  const inFlight = new Map<string, Promise<void>>();

  const set = (slot: string, entry: Entry<unknown>) => {
    state = { ...state, [slot]: entry };
    listeners.forEach((listener) => listener());
  };

  async function fetchSlot<K extends ReferenceKind>(kind: K, slot: string, id?: number) {
    const rule = KIND_RULES[kind];
    try {
      const fetch = fetchers[kind] as (id?: number) => Promise<ReferenceData[K]>;
      set(slot, { loaded: true, data: await fetch(id) });
    } catch (error) {
      const kept = (state[slot]?.data as ReferenceData[K] | undefined) ?? rule.empty();
      set(slot, { loaded: true, data: rule.onFailure ? rule.onFailure() : kept });
      const status = isApiError(error) ? error.status : undefined;
      if (status === 409) onConflict();
      else if (status === undefined || status !== rule.silentStatus) onError(rule.message);
    }
  }

  async function load<K extends ReferenceKind>(
    kind: K,
    ...args: [...KindArgs<K>, LoadOptions?]
  ): Promise<ReferenceData[K]> {
    const keyed = typeof args[0] === 'number';
    const id = keyed ? (args[0] as number) : undefined;
    const { force = false } = ((keyed ? args[1] : args[0]) ?? {}) as LoadOptions;
    const slot = slotOf(kind, id);
    const current = () => entryOf(state, kind, ...((keyed ? [id] : []) as KindArgs<K>)).data;

    const running = inFlight.get(slot);
    if (running) {
      await running;
      if (!force) return current();
      return load(kind, ...args);
    }
    if (!force && state[slot]?.loaded) return current();
    const run = fetchSlot(kind, slot, id);
    inFlight.set(slot, run);
    try {
      await run;
    } finally {
      inFlight.delete(slot);
    }
    return current();
  }

  return {
    load,
    getState: () => state,
    /** Whether the slot has been loaded in this session (what a forced reload after a write needs). */
    isLoaded: (kind: ReferenceKind, id?: number) => state[slotOf(kind, id)]?.loaded === true,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type ReferenceStore = ReturnType<typeof createReferenceStore>;
