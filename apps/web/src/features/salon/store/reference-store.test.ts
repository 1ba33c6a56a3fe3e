import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { createReferenceStore, REFERENCE_LOAD_ERROR, type ReferenceData } from './reference-store';

const resource = {
  id: 1,
  name: 'A',
  kind: 'staff',
  description: '',
  nomination_fee: 0,
  color: '#000000',
  is_public: true,
  order: 1,
} as const;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function setup(resources: () => Promise<ReferenceData['resources']>) {
  const fetchers = {
    resources: vi.fn(resources),
    courses: vi.fn(async () => []),
    statuses: vi.fn(async () => []),
  };
  const onError = vi.fn();
  const onConflict = vi.fn();
  const store = createReferenceStore({ fetchers, onError, onConflict });
  return { store, fetchers, onError, onConflict };
}

describe('salon reference data store', () => {
  it('REF-01 REF-18 each kind starts not loaded and becomes loaded with its data after its fetch', async () => {
    const { store } = setup(async () => [{ ...resource }]);
    expect(store.getState().resources).toEqual({ loaded: false, data: [] });
    expect(store.getState().courses.loaded).toBe(false);
    await store.load('resources');
    expect(store.getState().resources).toEqual({ loaded: true, data: [resource] });
    expect(store.getState().courses.loaded).toBe(false);
  });

  it('REF-20 a non-forced load of a loaded kind returns at once without a request', async () => {
    const { store, fetchers } = setup(async () => [{ ...resource }]);
    await store.load('resources');
    await expect(store.load('resources')).resolves.toEqual([resource]);
    expect(fetchers.resources).toHaveBeenCalledTimes(1);
  });

  it('REF-21 a forced load fetches again', async () => {
    const { store, fetchers } = setup(async () => [{ ...resource }]);
    await store.load('resources');
    await store.load('resources', { force: true });
    expect(fetchers.resources).toHaveBeenCalledTimes(2);
  });

  it('REF-19 a failed load marks the kind loaded, shows 読み込み中にエラーが発生しました, and is not retried', async () => {
    const { store, fetchers, onError } = setup(async () => {
      throw new ApiError(500, 'server', 'x');
    });
    await store.load('resources');
    expect(store.getState().resources.loaded).toBe(true);
    expect(onError).toHaveBeenCalledWith(REFERENCE_LOAD_ERROR);
    await store.load('resources');
    expect(fetchers.resources).toHaveBeenCalledTimes(1);
  });

  it('REF-22 concurrent loads of one kind are serialised: the second waits and returns without a second request', async () => {
    const gate = deferred<ReferenceData['resources']>();
    const { store, fetchers } = setup(() => gate.promise);
    const first = store.load('resources');
    const second = store.load('resources');
    expect(fetchers.resources).toHaveBeenCalledTimes(1);
    let secondDone = false;
    void second.then(() => (secondDone = true));
    await Promise.resolve();
    expect(secondDone).toBe(false); // it waits for the load in flight
    gate.resolve([{ ...resource }]);
    await expect(second).resolves.toEqual([resource]);
    await first;
    expect(fetchers.resources).toHaveBeenCalledTimes(1);
  });

  it('REF-22 a forced caller arriving during a load waits for it, then fetches once more (never side by side)', async () => {
    const gates = [deferred<ReferenceData['resources']>(), deferred<ReferenceData['resources']>()];
    let call = 0;
    const { store, fetchers } = setup(() => gates[call++]!.promise);
    const first = store.load('resources');
    const forced = store.load('resources', { force: true });
    await Promise.resolve();
    expect(fetchers.resources).toHaveBeenCalledTimes(1);
    gates[0]!.resolve([]);
    await first;
    await vi.waitFor(() => expect(fetchers.resources).toHaveBeenCalledTimes(2));
    gates[1]!.resolve([{ ...resource }]);
    await expect(forced).resolves.toEqual([resource]);
  });

  it('on HTTP 409 the whole page reloads (and no toast)', async () => {
    const { store, onConflict, onError } = setup(async () => {
      throw new ApiError(409, 'conflict', 'x');
    });
    await store.load('resources');
    expect(onConflict).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('REF-02 REF-03 REF-04 resources, courses and statuses load from their own calls', async () => {
    const { store, fetchers } = setup(async () => []);
    await store.loadAll();
    expect(fetchers.resources).toHaveBeenCalledTimes(1);
    expect(fetchers.courses).toHaveBeenCalledTimes(1);
    expect(fetchers.statuses).toHaveBeenCalledTimes(1);
    expect(Object.values(store.getState()).every((entry) => entry.loaded)).toBe(true);
  });
});
