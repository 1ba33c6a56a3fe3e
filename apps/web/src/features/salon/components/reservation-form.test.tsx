import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { DAY, makeReservation, renderSalon, SALON_ID } from '@test/salon-fixtures';

const path = `/line/reserve/salon/timeline?date=${DAY}`;
const post = `POST /api/salon/${SALON_ID}/reservations`;

async function openNewForm(app: ReturnType<typeof renderSalon>) {
  await screen.findByText('佐藤 美咲');
  await app.user.click(screen.getByRole('button', { name: '予約を追加' }));
  return screen.findByRole('complementary', { name: '予約' });
}

async function choose(
  app: ReturnType<typeof renderSalon>,
  panel: HTMLElement,
  label: string,
  option: string,
) {
  await app.user.click(within(panel).getByRole('combobox', { name: label }));
  await app.user.click(screen.getByRole('option', { name: option }));
}

describe('reservation form', { timeout: 30_000 }, () => {
  it('TML-07 RSV-56..60 RSV-64 sends the write payload; the course fills the end time; contact_address empty, no course/resource as null', async () => {
    const app = renderSalon(
      path,
      {
        [post]: ({ body }) =>
          reply(201, {
            status: true,
            id: 99,
            reservation: makeReservation({ id: 99, ...(body as object) }),
          }),
      },
      { data: { reservations: [] } },
    );
    const panel = await openNewForm(app);
    await app.user.type(within(panel).getByLabelText('お名前'), '山本 太郎');
    await choose(app, panel, 'コース', 'カラー（90分）');
    expect(within(panel).getByRole('textbox', { name: '終了' })).toHaveValue('11:30');
    await app.user.type(within(panel).getByLabelText('メモ'), '初来店');
    await app.user.click(within(panel).getByRole('checkbox', { name: '個室A' }));
    await app.user.click(within(panel).getByRole('button', { name: '予約を登録' }));
    await waitFor(() =>
      expect(app.callsTo('POST', `/api/salon/${SALON_ID}/reservations`)).toHaveLength(1),
    );
    expect(app.callsTo('POST', `/api/salon/${SALON_ID}/reservations`)[0]!.body).toMatchObject({
      name: '山本 太郎',
      comment: '',
      contact_address: '',
      course_id: 2,
      member_id: null,
      date: DAY,
      from: '10:00',
      to: '11:30',
      salon_resource_id: null,
      sub_resource_ids: [5],
      resource_fee_is_charged: false,
      meta_data: { memo: '初来店' },
    });
    expect(await screen.findByText('予約を登録しました')).toBeVisible();
    // After saving, the panel shows the new reservation's detail.
    expect(await screen.findByRole('complementary', { name: '予約の詳細' })).toBeVisible();
  });

  it('RSV-05 a 422 shows the server messages under their fields', async () => {
    const app = renderSalon(
      path,
      {
        [post]: () =>
          reply(422, {
            message: '入力内容に誤りがあります',
            errors: {
              to: ['終了時刻は開始時刻より後にしてください（日をまたぐ時間帯は登録できません）'],
              'sub_resource_ids.0': ['このサロンに存在しない項目です'],
            },
          }),
      },
      { data: { reservations: [] } },
    );
    const panel = await openNewForm(app);
    await app.user.click(within(panel).getByRole('button', { name: '予約を登録' }));
    expect(await within(panel).findByText(/終了時刻は開始時刻より後にしてください/)).toBeVisible();
    expect(within(panel).getByText('このサロンに存在しない項目です')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('RSV-06 any other failure shows 不明なエラーが発生しました', async () => {
    const app = renderSalon(
      path,
      { [post]: () => reply(500, { message: 'サーバーでエラーが発生しました' }) },
      { data: { reservations: [] } },
    );
    const panel = await openNewForm(app);
    await app.user.click(within(panel).getByRole('button', { name: '予約を登録' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('不明なエラーが発生しました');
  });

  it('a 409 says what is in the way, in the server words', async () => {
    const clash = '「田中 翔太」は4月15日(月) 10:00〜11:00に既に予約が入っています';
    const app = renderSalon(
      path,
      { [post]: () => reply(409, { message: clash }) },
      { data: { reservations: [] } },
    );
    const panel = await openNewForm(app);
    await app.user.click(within(panel).getByRole('button', { name: '予約を登録' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(clash);
  });

  it('a shift refusal is explained beside the resource and can be overridden on purpose', async () => {
    const outside =
      '「佐藤 美咲」の4月15日(月) 20:00〜21:00はシフト外です。シフト外に予約を入れる場合は shift_override を指定してください';
    let calls = 0;
    const app = renderSalon(
      path,
      {
        [post]: ({ body }) => {
          calls += 1;
          return calls === 1
            ? reply(422, {
                message: outside,
                errors: {
                  salon_resource_id: [outside],
                  shift_override: ['シフト外に予約する場合は true を指定してください'],
                },
              })
            : reply(201, {
                status: true,
                id: 99,
                reservation: makeReservation({ id: 99, ...(body as object) }),
              });
        },
      },
      { data: { reservations: [] } },
    );
    const panel = await openNewForm(app);
    await choose(app, panel, '担当', '佐藤 美咲');
    await app.user.click(within(panel).getByRole('button', { name: '予約を登録' }));
    expect(await within(panel).findByText(outside)).toBeVisible();
    await app.user.click(within(panel).getByRole('checkbox', { name: 'シフト外でも予約する' }));
    await app.user.click(within(panel).getByRole('button', { name: '予約を登録' }));
    await waitFor(() => expect(calls).toBe(2));
    expect(app.callsTo('POST', `/api/salon/${SALON_ID}/reservations`)[1]!.body).toMatchObject({
      salon_resource_id: 1,
      shift_override: true,
    });
  });

  it('TML-11 member search opens as a modal above the panel (z-index 1000, UI-48) and fills the member', async () => {
    const app = renderSalon(
      path,
      {
        'GET /api/members': ({ query }) =>
          reply(200, {
            items:
              query.q === '渡辺'
                ? [{ id: 3, display_name: '渡辺 花子', icon_url: '', line_user_id: 'U1' }]
                : [],
            total: 1,
            page: 1,
            per_page: 20,
          }),
      },
      { data: { reservations: [] } },
    );
    const panel = await openNewForm(app);
    await app.user.click(within(panel).getByRole('button', { name: '会員を検索' }));
    const dialog = await screen.findByRole('dialog', { name: '会員を検索' });
    expect(dialog.closest('.dialog-backdrop')).toHaveStyle({ zIndex: '1000' });
    await app.user.type(within(dialog).getByLabelText('名前またはLINEユーザーID'), '渡辺');
    await app.user.click(within(dialog).getByRole('button', { name: '検索' }));
    await app.user.click(await within(dialog).findByRole('button', { name: '渡辺 花子' }));
    expect(screen.queryByRole('dialog', { name: '会員を検索' })).toBeNull();
    expect(within(panel).getByText('渡辺 花子')).toBeVisible();
  });
});
