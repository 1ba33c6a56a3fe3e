import { addDaysToDateValue, todayInTokyo } from '@tsunagu/contracts';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPhones, members, salonReservations } from '../../db/schema/index.js';
import { startFakeLine, type FakeLine } from '../../../test/fakes/fake-line.js';
import { memberSignIn, type MemberClient } from '../../../test/helpers/member-session.js';
import { databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import {
  createCourse,
  createResource,
  openSalonTest,
  type Client,
} from '../../../test/salon/fixtures.js';

const LOGIN_CHANNEL = '1234567890';

/**
 * The customer's answers to the online config's questions (issue 12, decision 0126): checked
 * on the server against the salon's current questions, stored with the reservation and shown to
 * the operator in the reservation's detail.
 */
describe(`booking answers to customer_info (${databaseKind})`, () => {
  let t: TestApp;
  let line: FakeLine;
  let demo: Client;
  let base: string;
  let salonId: number;
  let key: string;
  let course: number;
  let staffId: number;
  let member: MemberClient;
  const q = { tel: 0, visits: 0, note: 0, mail: 0, agree: 0 };
  const day = addDaysToDateValue(todayInTokyo(), 20);

  const book = (from: string, answers: Record<string, unknown>) =>
    member.post(`/api/booking/${key}/reservations`, {
      course_id: course,
      resource_id: staffId,
      date: day,
      from,
      answers,
    });
  const valid = () => ({
    [q.tel]: '090-1234-5678',
    [q.visits]: '初回',
    [q.note]: '  肩までの長さで  ',
    [q.agree]: true,
  });

  beforeAll(async () => {
    line = await startFakeLine();
    ({ t, demo, salonId, base } = await openSalonTest({
      LINE_API_BASE: line.url,
      LINE_LOGIN_CHANNEL_ID: LOGIN_CHANNEL,
    }));
    key = ((await demo.get(`${base}/online_url`)).json().url as string).split('/r/')[1]!;
    await demo.patch(`${base}/configs?attr=enable_online`, { value: true });
    const weekdays = Array.from({ length: 7 }, () => ({
      is_open: true,
      from: '10:00',
      to: '19:00',
    }));
    for (const year of new Set([todayInTokyo(), day].map((d) => Number(d.slice(0, 4))))) {
      await demo.put(`${base}/configs/opening`, { year, weekdays, dates: {} });
    }
    course = await createCourse(demo, salonId, { name: '質問つきコース', duration: 60 });
    staffId = await createResource(demo, salonId, { name: '質問 担当' });
    await demo.post(`${base}/resources/${staffId}/time_shifts`, {
      start_date: day,
      from: '10:00',
      to: '19:00',
    });
    await demo.get(`${base}/online_configs`);
    const upsert = async (body: Record<string, unknown>) => {
      const response = await demo.patch(
        `${base}/online_configs?attr=${encodeURIComponent('customer:upsert')}`,
        body,
      );
      expect(response.statusCode, response.body).toBe(200);
      const fields = response.json().online_config.customer_info as { id: number }[];
      return fields[fields.length - 1]!.id;
    };
    q.tel = await upsert({ label: '電話番号', field_type: 'tel', required: true });
    q.visits = await upsert({
      label: '来店回数',
      field_type: 'select',
      required: true,
      options: ['初回', '2回目以降'],
    });
    q.note = await upsert({ label: 'ご要望', field_type: 'textarea' });
    q.mail = await upsert({ label: 'メールアドレス', field_type: 'email' });
    q.agree = await upsert({
      label: 'キャンセル規定に同意する',
      field_type: 'checkbox',
      required: true,
    });
    member = await memberSignIn(t.app, key, {
      id_token: line.issueIdToken(LOGIN_CHANNEL, { sub: `U${'a'.repeat(32)}`, name: '回答 花子' }),
    });
  });
  afterAll(async () => {
    await t.close();
    await line.close();
  });

  it('the booking page lists the questions and the accept mode', async () => {
    const page = (await member.get(`/api/booking/${key}`)).json();
    expect(page.customer_info.map((f: { label: string }) => f.label)).toEqual([
      '電話番号',
      '来店回数',
      'ご要望',
      'メールアドレス',
      'キャンセル規定に同意する',
    ]);
    expect(page.booking.accept_mode).toBe('request');
  });

  it('missing required answers are 422 naming each question by its label, and nothing is written', async () => {
    const before = await t.app.db
      .select()
      .from(salonReservations)
      .where(eq(salonReservations.salonId, salonId));
    const response = await book('10:00', { [q.note]: 'よろしく' });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({
      [`answers.${q.tel}`]: ['「電話番号」を入力してください'],
      [`answers.${q.visits}`]: ['「来店回数」を選んでください'],
      [`answers.${q.agree}`]: ['「キャンセル規定に同意する」にチェックを入れてください'],
    });
    const after = await t.app.db
      .select()
      .from(salonReservations)
      .where(eq(salonReservations.salonId, salonId));
    expect(after).toHaveLength(before.length);
  });

  it('a select value outside its options, a bad phone, a bad address and a too long text are refused', async () => {
    const response = await book('10:00', {
      ...valid(),
      [q.tel]: '12-34',
      [q.visits]: '3回目',
      [q.mail]: 'hanako@',
      [q.note]: 'あ'.repeat(2001),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      [`answers.${q.tel}`]: ['「電話番号」は電話番号の形式で入力してください（例: 090-1234-5678）'],
      [`answers.${q.visits}`]: ['「来店回数」は選択肢の中から選んでください'],
      [`answers.${q.note}`]: ['「ご要望」は2000文字以内で入力してください'],
      [`answers.${q.mail}`]: [
        '「メールアドレス」はメールアドレスの形式で入力してください（例: hanako@example.jp）',
      ],
    });
    const wrongKind = await book('10:00', { ...valid(), [q.agree]: 'yes' });
    expect(wrongKind.json().errors).toEqual({
      [`answers.${q.agree}`]: ['「キャンセル規定に同意する」の回答の形式が正しくありません'],
    });
    const badKey = await book('10:00', { ...valid(), abc: 'x' });
    expect(badKey.statusCode).toBe(422);
    expect(Object.keys(badKey.json().errors)[0]).toMatch(/^answers/);
  });

  it('valid answers are stored with the reservation, labels as asked, and shown in its detail', async () => {
    const response = await book('11:00', { ...valid(), 99999: '消えた質問への回答' });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().id as number;
    // The salon renames a question afterwards: the stored answer keeps the label as asked.
    await demo.patch(`${base}/online_configs?attr=${encodeURIComponent('customer:upsert')}`, {
      id: q.note,
      label: 'ご質問',
      field_type: 'textarea',
    });
    const detail = await demo.get(`${base}/reservations/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().customer_answers).toEqual([
      { field_id: q.tel, label: '電話番号', field_type: 'tel', value: '090-1234-5678' },
      { field_id: q.visits, label: '来店回数', field_type: 'select', value: '初回' },
      { field_id: q.note, label: 'ご要望', field_type: 'textarea', value: '肩までの長さで' },
      { field_id: q.mail, label: 'メールアドレス', field_type: 'email', value: '' },
      {
        field_id: q.agree,
        label: 'キャンセル規定に同意する',
        field_type: 'checkbox',
        value: 'はい',
      },
    ]);
  });

  it('the phone a friend gave is kept only as the digest of its E.164 number, pointing at them', async () => {
    const phones = await t.app.db.select().from(memberPhones);
    const digest = createHash('sha256').update('+819012345678').digest('hex');
    expect(phones.map((phone) => phone.telHash)).toEqual([digest]);
    const [friend] = await t.app.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.lineUserId, `U${'a'.repeat(32)}`));
    expect(phones[0]!.memberId).toBe(friend!.id);
    expect(JSON.stringify(phones)).not.toMatch(/0?9012345678/);
  });

  it('a reservation made in the console has no answers', async () => {
    const made = await demo.post(`${base}/reservations`, {
      name: '電話の 客',
      date: day,
      from: '15:00',
      to: '16:00',
      salon_resource_id: staffId,
      course_id: course,
    });
    expect(made.statusCode, made.body).toBe(201);
    const detail = await demo.get(`${base}/reservations/${made.json().id}`);
    expect(detail.json().customer_answers).toEqual([]);
  });
});
