import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, reply } from '@test/fake-api';
import { ApiError } from '@/lib/api-error';
import { referenceFetchers } from './reference-fetchers';
import {
  CHOICES_LOAD_ERROR,
  COMMON_VARS_LOAD_ERROR,
  REFERENCE_LOAD_ERROR,
  VARIA_LOAD_ERROR,
  type ReferenceData,
  type ReferenceFetchers,
  type ReferenceKind,
} from './reference-kinds';
import { createReferenceStore, entryOf } from './reference-store';

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
const varia: ReferenceData['varia'] = {
  groups: [{ id: 'fav', name: 'お気に入り', order: 0, ids: [] }],
  items: [{ id: 5, name: '誕生日', type: 'date', group_id: null, favorite: false, order: 1 }],
  ids: [5],
};
const noGroups = { groups: [], items: [], ids: [] };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => (resolve = ok));
  return { promise, resolve };
}

function setup(overrides: Partial<ReferenceFetchers> = {}) {
  const fetchers = {
    resources: vi.fn(async () => [{ ...resource }]),
    courses: vi.fn(async () => []),
    statuses: vi.fn(async () => []),
    choices: vi.fn(async (varId: number) => [{ id: varId * 10, name: '赤', order: 1 }]),
    varia: vi.fn(async () => varia),
    commonVars: vi.fn(async () => noGroups),
    forms: vi.fn(async () => noGroups),
    ...overrides,
  };
  const onError = vi.fn();
  const onConflict = vi.fn();
  const store = createReferenceStore({ fetchers, onError, onConflict });
  return { store, fetchers, onError, onConflict };
}

const failing = (status: number) => async () => {
  throw new ApiError(status, 'server', 'x');
};

/** Every kind, with the id keyed kinds need (a salon, a friend-information field). */
const EVERY_KIND: [ReferenceKind, number?][] = [
  ['resources', 3],
  ['courses', 3],
  ['statuses'],
  ['choices', 5],
  ['varia'],
  ['commonVars'],
  ['forms'],
];
type AnyLoad = (kind: ReferenceKind, ...args: unknown[]) => Promise<unknown>;

describe('the console’s reference data store', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('REF-01 REF-18 every kind starts not loaded and becomes loaded with its data after its fetch', async () => {
    const { store } = setup();
    const state = () => store.getState();
    expect(entryOf(state(), 'resources', 3)).toEqual({ loaded: false, data: [] });
    expect(entryOf(state(), 'varia')).toEqual({ loaded: false, data: noGroups });
    expect(entryOf(state(), 'choices', 5)).toEqual({ loaded: false, data: [] });
    for (const [kind, id] of EVERY_KIND) {
      const load = store.load as AnyLoad;
      await (id === undefined ? load(kind) : load(kind, id));
    }
    expect(entryOf(state(), 'resources', 3)).toEqual({ loaded: true, data: [resource] });
    expect(entryOf(state(), 'varia')).toEqual({ loaded: true, data: varia });
    expect(entryOf(state(), 'choices', 5)).toEqual({
      loaded: true,
      data: [{ id: 50, name: '赤', order: 1 }],
    });
    for (const kind of ['statuses', 'commonVars', 'forms'] as const)
      expect(entryOf(state(), kind).loaded).toBe(true);
    // Keyed kinds are held per id: another salon, another field is still not loaded.
    expect(entryOf(state(), 'resources', 4).loaded).toBe(false);
    expect(entryOf(state(), 'choices', 6).loaded).toBe(false);
  });

  it('REF-02 REF-03 REF-04 REF-05 REF-06 REF-09 REF-11 each kind loads from its own call', async () => {
    const api = installFakeApi({
      'GET /api/salon/resources': () => reply(200, [resource]),
      'GET /api/salon/courses': () => reply(200, []),
      'GET /api/salon/statuses': () => reply(200, []),
      'GET /api/var/choice/:id': () => reply(200, [{ id: 1, name: '赤', order: 1 }]),
      'GET /api/v_resource/varia': () => reply(200, varia),
      'GET /api/v_resource/common_vars': () => reply(200, noGroups),
      'GET /api/v_resource/form': () => reply(200, noGroups),
    });
    const { store, onError } = setup(referenceFetchers);
    for (const [kind, id] of EVERY_KIND) {
      const load = store.load as AnyLoad;
      await (id === undefined ? load(kind) : load(kind, id));
    }
    expect(onError).not.toHaveBeenCalled();
    expect(api.calls.map((call) => [call.path, call.query])).toEqual([
      ['/api/salon/resources', { salon_id: '3' }],
      ['/api/salon/courses', { salon_id: '3' }],
      ['/api/salon/statuses', {}],
      ['/api/var/choice/5', {}],
      ['/api/v_resource/varia', {}],
      ['/api/v_resource/common_vars', {}],
      ['/api/v_resource/form', {}],
    ]);
    // REF-05: stored under the field's id.
    expect(entryOf(store.getState(), 'choices', 5).data).toEqual([{ id: 1, name: '赤', order: 1 }]);
  });

  it('REF-08 the varia are read from the page’s preloaded resource without a call (and only once)', async () => {
    const api = installFakeApi({ 'GET /api/v_resource/varia': () => reply(200, noGroups) });
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'preload-varia';
    script.textContent = JSON.stringify(varia);
    document.body.append(script);
    const { store } = setup({ varia: referenceFetchers.varia });
    await expect(store.load('varia')).resolves.toEqual(varia);
    expect(api.calls).toHaveLength(0);
    // A forced reload asks the server: the page's copy is as old as the page.
    await expect(store.load('varia', { force: true })).resolves.toEqual(noGroups);
    expect(api.calls.map((call) => call.path)).toEqual(['/api/v_resource/varia']);
  });

  it('REF-20 a non-forced load of a loaded kind returns at once without a request', async () => {
    const { store, fetchers } = setup();
    await store.load('resources', 3);
    await expect(store.load('resources', 3)).resolves.toEqual([resource]);
    await store.load('commonVars');
    await store.load('commonVars');
    expect(fetchers.resources).toHaveBeenCalledTimes(1);
    expect(fetchers.commonVars).toHaveBeenCalledTimes(1);
  });

  it('REF-21 a forced load fetches again', async () => {
    const { store, fetchers } = setup();
    await store.load('forms');
    await store.load('forms', { force: true });
    await store.load('choices', 5);
    await store.load('choices', 5, { force: true });
    expect(fetchers.forms).toHaveBeenCalledTimes(2);
    expect(fetchers.choices).toHaveBeenCalledTimes(2);
  });

  it('REF-19 a failed load of any kind marks it loaded and is not retried by a later load', async () => {
    const broken = failing(500);
    const { store, fetchers } = setup({
      resources: vi.fn(broken),
      courses: vi.fn(broken),
      statuses: vi.fn(broken),
      choices: vi.fn(broken),
      varia: vi.fn(broken),
      commonVars: vi.fn(broken),
      forms: vi.fn(broken),
    });
    const load = store.load as AnyLoad;
    for (const [kind, id] of EVERY_KIND)
      for (let time = 0; time < 2; time += 1)
        await (id === undefined ? load(kind) : load(kind, id));
    for (const [kind, id] of EVERY_KIND) {
      expect(store.isLoaded(kind, id)).toBe(true);
      expect(fetchers[kind]).toHaveBeenCalledTimes(1);
    }
  });

  it('REF-22 concurrent loads of one kind are serialised: the second waits and returns without a second request', async () => {
    const gate = deferred<ReferenceData['varia']>();
    const { store, fetchers } = setup({ varia: vi.fn(() => gate.promise) });
    const first = store.load('varia');
    const second = store.load('varia');
    let secondDone = false;
    void second.then(() => (secondDone = true));
    await Promise.resolve();
    expect(fetchers.varia).toHaveBeenCalledTimes(1);
    expect(secondDone).toBe(false); // it waits for the load in flight
    gate.resolve(varia);
    await expect(second).resolves.toEqual(varia);
    await first;
    expect(fetchers.varia).toHaveBeenCalledTimes(1);
  });

  it('REF-22 a forced caller arriving during a load waits for it, then fetches once more (never side by side)', async () => {
    const gates = [deferred<ReferenceData['resources']>(), deferred<ReferenceData['resources']>()];
    let call = 0;
    const { store, fetchers } = setup({ resources: vi.fn(() => gates[call++]!.promise) });
    const first = store.load('resources', 3);
    const forced = store.load('resources', 3, { force: true });
    await Promise.resolve();
    expect(fetchers.resources).toHaveBeenCalledTimes(1);
    gates[0]!.resolve([]);
    await first;
    await vi.waitFor(() => expect(fetchers.resources).toHaveBeenCalledTimes(2));
    gates[1]!.resolve([{ ...resource }]);
    await expect(forced).resolves.toEqual([resource]);
  });

  it('REF-22 loads of different ids of a keyed kind do not wait for each other', async () => {
    const gate = deferred<ReferenceData['choices']>();
    const { store, fetchers } = setup({
      choices: vi.fn((varId: number) =>
        varId === 1 ? gate.promise : Promise.resolve([{ id: 2, name: '青', order: 1 }]),
      ),
    });
    const slow = store.load('choices', 1);
    await expect(store.load('choices', 2)).resolves.toEqual([{ id: 2, name: '青', order: 1 }]);
    expect(fetchers.choices).toHaveBeenCalledTimes(2);
    gate.resolve([]);
    await slow;
  });

  it('REF-23 a failed choice-list load stores an empty list for that field id', async () => {
    let fail = false;
    const { store } = setup({
      choices: vi.fn(async () => {
        if (fail) throw new ApiError(500, 'server', 'x');
        return [{ id: 1, name: '赤', order: 1 }];
      }),
    });
    await store.load('choices', 7);
    fail = true;
    await expect(store.load('choices', 7, { force: true })).resolves.toEqual([]);
    expect(entryOf(store.getState(), 'choices', 7)).toEqual({ loaded: true, data: [] });
  });

  it('REF-24 a failed load shows an error toast; the other kinds keep what they had', async () => {
    let fail = false;
    const { store, onError } = setup({
      resources: vi.fn(async () => {
        if (fail) throw new TypeError('Failed to fetch'); // the network, not the server
        return [{ ...resource }];
      }),
    });
    await store.load('resources', 3);
    fail = true;
    await store.load('resources', 3, { force: true });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(entryOf(store.getState(), 'resources', 3).data).toEqual([resource]);
  });

  it('REF-25 a load answered with HTTP 409 reloads the whole page, for every kind, without a toast', async () => {
    const conflict = failing(409);
    const { store, onConflict, onError } = setup({
      resources: conflict,
      courses: conflict,
      statuses: conflict,
      choices: conflict,
      varia: conflict,
      commonVars: conflict,
      forms: conflict,
    });
    const load = store.load as AnyLoad;
    for (const [kind, id] of EVERY_KIND) await (id === undefined ? load(kind) : load(kind, id));
    expect(onConflict).toHaveBeenCalledTimes(EVERY_KIND.length);
    expect(onError).not.toHaveBeenCalled();
  });

  it.each([
    ['REF-26', 'resources', 3, REFERENCE_LOAD_ERROR],
    ['REF-26', 'courses', 3, REFERENCE_LOAD_ERROR],
    ['REF-26', 'statuses', undefined, REFERENCE_LOAD_ERROR],
    ['REF-27', 'choices', 5, CHOICES_LOAD_ERROR],
    ['REF-28', 'varia', undefined, VARIA_LOAD_ERROR],
    ['REF-28', 'forms', undefined, VARIA_LOAD_ERROR],
    ['REF-29', 'commonVars', undefined, COMMON_VARS_LOAD_ERROR],
  ] as const)('%s a failed %s load shows its message', async (_rule, kind, id, message) => {
    const { store, onError } = setup({ [kind]: failing(500) });
    const load = store.load as AnyLoad;
    await (id === undefined ? load(kind) : load(kind, id));
    expect(onError.mock.calls).toEqual([[message]]);
  });

  it('REF-26 REF-27 REF-28 REF-29 the messages are the spec’s words', () => {
    expect(REFERENCE_LOAD_ERROR).toBe('読み込み中にエラーが発生しました');
    expect(CHOICES_LOAD_ERROR).toBe('友だち情報選択肢の読み込み中にエラーが発生しました');
    expect(VARIA_LOAD_ERROR).toBe('友だち情報の読み込み中にエラーが発生しました');
    expect(COMMON_VARS_LOAD_ERROR).toBe('共通情報の読み込み中にエラーが発生しました');
  });

  it('REF-30 common information answered with 403 is silent: loaded, nothing shown, not asked again', async () => {
    const { store, fetchers, onError, onConflict } = setup({
      commonVars: vi.fn(failing(403)),
      forms: vi.fn(failing(403)),
    });
    await store.load('commonVars');
    expect(entryOf(store.getState(), 'commonVars')).toEqual({ loaded: true, data: noGroups });
    expect(onError).not.toHaveBeenCalled();
    expect(onConflict).not.toHaveBeenCalled();
    await store.load('commonVars');
    expect(fetchers.commonVars).toHaveBeenCalledTimes(1);
    // Only common information is silent: a 403 on forms is an error like any other.
    await store.load('forms');
    expect(onError.mock.calls).toEqual([[VARIA_LOAD_ERROR]]);
  });
});
