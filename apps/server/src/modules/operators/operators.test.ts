import { MESSAGES, OPERATOR_MESSAGES, type OperatorRow } from '@tsunagu/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators, staffDeliveries } from '../../db/schema/index.js';
import { recordStaffNotice } from '../staff-notify/index.js';
import {
  createTestApp,
  databaseKind,
  login,
  signIn,
  type TestApp,
} from '../../../test/helpers/test-app.js';

type Client = Awaited<ReturnType<typeof signIn>>;
type Role = { id: number; name: string; is_owner: boolean };

describe(`operators (${databaseKind})`, () => {
  let t: TestApp;
  let demo: Client;
  let staff: Client;
  let other: Client;
  let ownerRole: Role;
  let staffRole: Role;
  let otherOwnerRole: Role;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    [demo, staff, other] = await Promise.all([
      signIn(t.app, 'demo'),
      signIn(t.app, 'staff'),
      signIn(t.app, 'other'),
    ]);
    const roles = (await demo.get('/api/operator_roles')).json() as Role[];
    ownerRole = roles.find((role) => role.is_owner)!;
    staffRole = roles.find((role) => !role.is_owner)!;
    otherOwnerRole = (await other.get('/api/operator_roles')).json()[0];
  });
  afterAll(() => t.close());

  const list = async (client: Client = demo) =>
    (await client.get('/api/operators')).json() as OperatorRow[];

  /** Adds an operator to the demo account and returns its id, login id and password. */
  async function addOperator(roleId = staffRole.id) {
    serial += 1;
    const input = {
      login_id: `new-op-${serial}`,
      display_name: `新人 ${serial}`,
      role_id: roleId,
      password: `first-pass-${serial}`,
    };
    const response = await demo.post('/api/operators', input);
    expect(response.statusCode, response.body).toBe(201);
    return { id: response.json().id as number, ...input };
  }

  it('lists the account operators with login id, name, role, active and last sign-in', async () => {
    const response = await demo.get('/api/operators');
    expect(response.statusCode).toBe(200);
    const rows = response.json() as OperatorRow[];
    expect(rows.map((row) => row.login_id)).toEqual(['demo', 'staff']);
    expect(rows[0]).toMatchObject({
      display_name: '山田 花子',
      role: { id: ownerRole.id, name: 'オーナー', is_owner: true },
      active: true,
    });
    // Both signed in above: the time of that sign-in is shown.
    expect(Date.parse(rows[0]!.last_sign_in_at!)).toBeGreaterThan(Date.now() - 600_000);
    expect(rows[1]).toMatchObject({ role: { id: staffRole.id, is_owner: false }, active: true });
  });

  it('an owner adds an operator who then signs in with the first password', async () => {
    const added = await addOperator();
    const row = (await list()).find((operator) => operator.id === added.id);
    expect(row).toMatchObject({
      login_id: added.login_id,
      display_name: added.display_name,
      role: { id: staffRole.id },
      active: true,
      last_sign_in_at: null,
    });
    const client = await signIn(t.app, added.login_id, added.password);
    expect((await client.get('/api/auth/me')).json().operator.login_id).toBe(added.login_id);
    const after = (await list()).find((operator) => operator.id === added.id)!;
    expect(after.last_sign_in_at).not.toBeNull();
  });

  it('refuses invalid input with Japanese errors naming each field, adding nothing', async () => {
    const before = await list();
    const response = await demo.post('/api/operators', {
      login_id: 'has space',
      display_name: '   ',
      role_id: 0,
      password: 'short',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: MESSAGES.validationFailed,
      errors: {
        login_id: ['ログインIDは半角の英数字と記号で入力してください（空白は使えません）'],
        display_name: ['名前を入力してください'],
        role_id: ['ロールを選んでください'],
        password: ['初回パスワードは8文字以上で入力してください'],
      },
    });
    expect(await list()).toEqual(before);
  });

  it('login ids are unique across accounts, letter case aside (sign-in names no account)', async () => {
    for (const loginId of ['DEMO', 'Other']) {
      const response = await demo.post('/api/operators', {
        login_id: loginId,
        display_name: '重複',
        role_id: staffRole.id,
        password: 'long-enough-1',
      });
      expect(response.statusCode, loginId).toBe(422);
      expect(response.json().errors).toEqual({ login_id: [OPERATOR_MESSAGES.loginIdTaken] });
    }
  });

  it('a role of another account is not a role here: 422 on role_id, to add or to change', async () => {
    const response = await demo.post('/api/operators', {
      login_id: 'cross-role',
      display_name: '越境',
      role_id: otherOwnerRole.id,
      password: 'long-enough-1',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ role_id: [OPERATOR_MESSAGES.roleNotFound] });

    const added = await addOperator();
    const change = await demo.put(`/api/operators/${added.id}/role`, {
      role_id: otherOwnerRole.id,
    });
    expect(change.statusCode).toBe(422);
    expect(change.json().errors).toEqual({ role_id: [OPERATOR_MESSAGES.roleNotFound] });
  });

  it("changes an operator's role; the new permissions hold on their next call", async () => {
    const added = await addOperator();
    const client = await signIn(t.app, added.login_id, added.password);
    expect((await client.get('/api/auth/me')).json().operator.role.is_owner).toBe(false);

    const response = await demo.put(`/api/operators/${added.id}/role`, { role_id: ownerRole.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: added.id, role: { id: ownerRole.id } });
    expect((await client.get('/api/auth/me')).json().operator.role.is_owner).toBe(true);
  });

  it('the last active owner cannot lose the owner role (409); with a second owner it can', async () => {
    const demoId = (await list()).find((row) => row.login_id === 'demo')!.id;
    // The operators added as owners by other tests are deactivated first.
    for (const row of await list()) {
      if (row.role.is_owner && row.id !== demoId) {
        await demo.post(`/api/operators/${row.id}/deactivate`);
      }
    }
    const refused = await demo.put(`/api/operators/${demoId}/role`, { role_id: staffRole.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: OPERATOR_MESSAGES.lastOwner });
    expect((await demo.get(`/api/operators/${demoId}`)).json().role.is_owner).toBe(true);

    // A deactivated owner does not count: only an active second owner lets demo step down.
    const second = await addOperator(ownerRole.id);
    const secondClient = await signIn(t.app, second.login_id, second.password);
    const stepDown = await demo.put(`/api/operators/${demoId}/role`, { role_id: staffRole.id });
    expect(stepDown.statusCode).toBe(200);
    // Now the second owner is the last one: demo (no longer owner) cannot act, and the
    // second owner cannot demote themself.
    expect(
      (await demo.put(`/api/operators/${second.id}/role`, { role_id: staffRole.id })).statusCode,
    ).toBe(403);
    const last = await secondClient.put(`/api/operators/${second.id}/role`, {
      role_id: staffRole.id,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ message: OPERATOR_MESSAGES.lastOwner });
    // Put things back for the other tests.
    expect(
      (await secondClient.put(`/api/operators/${demoId}/role`, { role_id: ownerRole.id }))
        .statusCode,
    ).toBe(200);
    expect((await demo.post(`/api/operators/${second.id}/deactivate`)).statusCode).toBe(200);
  });

  it('an operator cannot deactivate themself (409)', async () => {
    const demoId = (await list()).find((row) => row.login_id === 'demo')!.id;
    const response = await demo.post(`/api/operators/${demoId}/deactivate`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: OPERATOR_MESSAGES.selfDeactivate });
    expect((await demo.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('deactivation ends their sessions at once: the next call is 401, sign-in fails until reactivated', async () => {
    const added = await addOperator();
    const client = await signIn(t.app, added.login_id, added.password);
    expect((await client.get('/api/operators')).statusCode).toBe(200);

    const response = await demo.post(`/api/operators/${added.id}/deactivate`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: added.id, active: false });
    const next = await client.get('/api/operators');
    expect(next.statusCode).toBe(401);
    expect(next.json()).toEqual({ message: MESSAGES.unauthenticated });

    // Refused in the words of a wrong password: the id's state is not revealed.
    const refused = await login(t.app, added.login_id, added.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: MESSAGES.loginFailed });

    const back = await demo.post(`/api/operators/${added.id}/reactivate`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ active: true });
    const again = await signIn(t.app, added.login_id, added.password);
    expect((await again.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('a deactivated operator has left: new staff notices reach the active ones, not them', async () => {
    const added = await addOperator();
    expect((await demo.post(`/api/operators/${added.id}/deactivate`)).statusCode).toBe(200);
    const [me] = await t.app.db
      .select({ id: operators.id, accountId: operators.accountId })
      .from(operators)
      .where(eq(operators.loginId, 'demo'));
    const noticeId = await recordStaffNotice(t.app.db, {
      accountId: me!.accountId,
      key: `operators-test:${added.id}`,
      kind: 'booking',
      text: '予約が入りました',
      memberId: null,
      link: null,
    });
    const reached = await t.app.db
      .select({ operatorId: staffDeliveries.operatorId })
      .from(staffDeliveries)
      .where(eq(staffDeliveries.noticeId, noticeId!));
    const ids = reached.map((row) => row.operatorId);
    expect(ids).toContain(me!.id);
    expect(ids).not.toContain(added.id);
  });

  it('a password reset returns a new first password once; the old one and its sessions end', async () => {
    const added = await addOperator();
    const client = await signIn(t.app, added.login_id, added.password);

    const response = await demo.post(`/api/operators/${added.id}/password`);
    expect(response.statusCode).toBe(200);
    const { password } = response.json() as { password: string };
    expect(password).toMatch(/^[a-zA-Z2-9]{12}$/);

    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await login(t.app, added.login_id, added.password)).statusCode).toBe(401);
    const fresh = await signIn(t.app, added.login_id, password);
    expect((await fresh.get('/api/auth/me')).statusCode).toBe(200);
    // Never listed: the list has no password field at all.
    expect(JSON.stringify(await list())).not.toContain(password);
  });

  it('a staff operator reads the list but every write is 403, changing nothing', async () => {
    expect((await staff.get('/api/operators')).statusCode).toBe(200);
    const before = await list();
    const target = before.find((row) => row.login_id === 'demo')!;
    const attempts = [
      await staff.post('/api/operators', {
        login_id: 'sneaky',
        display_name: '勝手',
        role_id: ownerRole.id,
        password: 'long-enough-1',
      }),
      await staff.put(`/api/operators/${target.id}/role`, { role_id: staffRole.id }),
      await staff.post(`/api/operators/${target.id}/deactivate`),
      await staff.post(`/api/operators/${target.id}/reactivate`),
      await staff.post(`/api/operators/${target.id}/password`),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: OPERATOR_MESSAGES.ownerRequired });
    }
    expect(await list()).toEqual(before);
  });

  it("keeps accounts apart: another account's operator id is 404 for every action", async () => {
    const aRows = await list();
    const bRows = await list(other);
    expect(bRows.map((row) => row.login_id)).toEqual(['other']);
    for (const { id } of aRows) {
      const attempts = [
        await other.get(`/api/operators/${id}`),
        await other.put(`/api/operators/${id}/role`, { role_id: otherOwnerRole.id }),
        await other.post(`/api/operators/${id}/deactivate`),
        await other.post(`/api/operators/${id}/reactivate`),
        await other.post(`/api/operators/${id}/password`),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: OPERATOR_MESSAGES.notFound });
      }
    }
    expect(await list()).toEqual(aRows);
  });

  it('answers 422 for an id that is not an id', async () => {
    expect((await demo.get('/api/operators/abc')).statusCode).toBe(422);
    expect((await demo.post('/api/operators/1e3/deactivate')).statusCode).toBe(422);
  });
});
