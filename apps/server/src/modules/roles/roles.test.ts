import { MESSAGES, PERMISSION_KEYS, ROLE_MESSAGES } from '@tsunagu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseKind,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;

describe(`operator roles (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
  });
  afterAll(() => t.close());

  it('lists the account roles with their keys and how many operators hold each', async () => {
    const response = await demo.get('/api/operator_roles');
    expect(response.statusCode).toBe(200);
    const roles = response.json();
    expect(roles.map((role: { name: string }) => role.name)).toEqual([
      'オーナー',
      'スタッフ（閲覧のみ）',
    ]);
    expect(roles[0]).toMatchObject({
      is_owner: true,
      operator_count: 1,
      permission_keys: [...PERMISSION_KEYS],
    });
    expect(roles[1]).toMatchObject({ is_owner: false, operator_count: 1, permission_keys: [] });
  });

  it('creates, reads, updates and deletes a role', async () => {
    const created = await demo.post('/api/operator_roles', {
      name: '予約担当',
      permission_keys: ['reserve-write', 'template-write'],
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();

    const read = await demo.get(`/api/operator_roles/${id}`);
    expect(read.statusCode).toBe(200);
    // Keys come back in the canonical order, whatever order they were sent in.
    expect(read.json()).toMatchObject({
      id,
      name: '予約担当',
      permission_keys: ['template-write', 'reserve-write'],
      is_owner: false,
      operator_count: 0,
    });

    const updated = await demo.put(`/api/operator_roles/${id}`, {
      name: '予約・タグ担当',
      permission_keys: ['reserve-write', 'tag-write'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: '予約・タグ担当',
      permission_keys: ['tag-write', 'reserve-write'],
    });

    const removed = await demo.delete(`/api/operator_roles/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ status: true });
    expect((await demo.get(`/api/operator_roles/${id}`)).statusCode).toBe(404);
  });

  it('rejects invalid roles with Japanese field errors and stores nothing', async () => {
    const before = (await demo.get('/api/operator_roles')).json().length;
    const response = await demo.post('/api/operator_roles', {
      name: '   ',
      permission_keys: ['tag-write', 'tag-write', 'root'],
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe(MESSAGES.validationFailed);
    expect(body.errors.name).toEqual(['ロール名を入力してください']);
    expect(Object.keys(body.errors)).toContain('permission_keys.2');

    const tooLong = await demo.post('/api/operator_roles', {
      name: 'あ'.repeat(51),
      permission_keys: [],
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.name).toEqual(['ロール名は50文字以内で入力してください']);
    expect((await demo.get('/api/operator_roles')).json()).toHaveLength(before);
  });

  it('refuses to delete a role that operators still hold (409) and keeps it', async () => {
    const roles = (await demo.get('/api/operator_roles')).json();
    const staffRole = roles.find((role: { is_owner: boolean }) => !role.is_owner);
    const response = await demo.delete(`/api/operator_roles/${staffRole.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: ROLE_MESSAGES.inUse(1) });
    expect((await demo.get(`/api/operator_roles/${staffRole.id}`)).statusCode).toBe(200);
  });

  it('never changes or deletes the owner role (409)', async () => {
    const roles = (await demo.get('/api/operator_roles')).json();
    const owner = roles.find((role: { is_owner: boolean }) => role.is_owner);
    const put = await demo.put(`/api/operator_roles/${owner.id}`, {
      name: '乗っ取り',
      permission_keys: [],
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({ message: ROLE_MESSAGES.ownerImmutable });
    expect((await demo.delete(`/api/operator_roles/${owner.id}`)).statusCode).toBe(409);
    expect((await demo.get(`/api/operator_roles/${owner.id}`)).json().name).toBe('オーナー');
  });

  it('lets a staff operator read roles but answers 403 to every write, changing nothing', async () => {
    const roles = (await staff.get('/api/operator_roles')).json();
    expect(roles).toHaveLength(2);
    const target = roles[1];

    const attempts = [
      await staff.post('/api/operator_roles', {
        name: '勝手なロール',
        permission_keys: [...PERMISSION_KEYS],
      }),
      await staff.put(`/api/operator_roles/${target.id}`, {
        name: '改名',
        permission_keys: [...PERMISSION_KEYS],
      }),
      await staff.delete(`/api/operator_roles/${target.id}`),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: ROLE_MESSAGES.ownerRequired });
    }
    expect((await demo.get('/api/operator_roles')).json()).toEqual(
      (await staff.get('/api/operator_roles')).json(),
    );
    expect((await staff.get(`/api/operator_roles/${target.id}`)).json()).toMatchObject({
      name: target.name,
      permission_keys: [],
    });
  });

  it("keeps accounts apart: account B cannot read, change or delete account A's roles (404)", async () => {
    const aRoles = (await demo.get('/api/operator_roles')).json();
    const bRoles = (await other.get('/api/operator_roles')).json();
    const aIds = aRoles.map((role: { id: number }) => role.id);
    expect(bRoles.map((role: { id: number }) => role.id)).not.toEqual(expect.arrayContaining(aIds));

    for (const id of aIds) {
      expect((await other.get(`/api/operator_roles/${id}`)).statusCode).toBe(404);
      expect(
        (await other.put(`/api/operator_roles/${id}`, { name: 'x', permission_keys: [] }))
          .statusCode,
      ).toBe(404);
      expect((await other.delete(`/api/operator_roles/${id}`)).statusCode).toBe(404);
    }
    expect((await demo.get('/api/operator_roles')).json()).toEqual(aRoles);
  });

  describe('role names are unique per account (issue 10, decision 0090)', () => {
    const nameTaken = {
      message: MESSAGES.validationFailed,
      errors: { name: [ROLE_MESSAGES.nameTaken] },
    };
    const names = async () =>
      ((await demo.get('/api/operator_roles')).json() as { name: string }[]).map((r) => r.name);

    it('a second オーナー, or any name the account already has, is a 422 on the name field', async () => {
      const before = await names();
      for (const name of ['オーナー', 'スタッフ（閲覧のみ）', '  オーナー  ']) {
        const response = await demo.post('/api/operator_roles', { name, permission_keys: [] });
        expect(response.statusCode, name).toBe(422);
        expect(response.json()).toEqual(nameTaken);
      }
      expect(await names()).toEqual(before);
    });

    it('names differing only in letter case are the same name', async () => {
      const first = await demo.post('/api/operator_roles', { name: 'Front', permission_keys: [] });
      expect(first.statusCode).toBe(201);
      try {
        const second = await demo.post('/api/operator_roles', {
          name: 'FRONT',
          permission_keys: [],
        });
        expect(second.statusCode).toBe(422);
        expect(second.json()).toEqual(nameTaken);
      } finally {
        await demo.delete(`/api/operator_roles/${first.json().id}`);
      }
    });

    it('renaming to another role name is a 422; keeping its own name is fine', async () => {
      const created = await demo.post('/api/operator_roles', { name: '受付', permission_keys: [] });
      const { id } = created.json();
      try {
        const clash = await demo.put(`/api/operator_roles/${id}`, {
          name: 'スタッフ（閲覧のみ）',
          permission_keys: [],
        });
        expect(clash.statusCode).toBe(422);
        expect(clash.json()).toEqual(nameTaken);
        const same = await demo.put(`/api/operator_roles/${id}`, {
          name: '受付',
          permission_keys: ['tag-write'],
        });
        expect(same.statusCode).toBe(200);
        expect((await demo.get(`/api/operator_roles/${id}`)).json().name).toBe('受付');
      } finally {
        await demo.delete(`/api/operator_roles/${id}`);
      }
    });

    it('two creates of one name at once: one 201, one 422 (the unique index decides)', async () => {
      const responses = await Promise.all(
        [1, 2].map(() => demo.post('/api/operator_roles', { name: '同時', permission_keys: [] })),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      const created = responses.find((r) => r.statusCode === 201)!;
      expect(responses.find((r) => r.statusCode === 422)!.json()).toEqual(nameTaken);
      await demo.delete(`/api/operator_roles/${created.json().id}`);
    });

    it('another account may use the same name', async () => {
      const response = await other.post('/api/operator_roles', {
        name: 'スタッフ（閲覧のみ）',
        permission_keys: [],
      });
      expect(response.statusCode).toBe(201);
      await other.delete(`/api/operator_roles/${response.json().id}`);
    });
  });

  it('answers 422 for a non-numeric role id', async () => {
    expect((await demo.get('/api/operator_roles/abc')).statusCode).toBe(422);
  });
});
