import type { Reservation } from '@tsunagu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeRequest } from '@test/fake-api';
import { DAY, makeReservation, renderSalon, SALON_ID } from '@test/salon-fixtures';

const path = `/line/reserve/salon/timeline?date=${DAY}`;
const base = `/api/salon/${SALON_ID}/reservations`;
const withRequests = makeReservation({
  comment: 'いつも通りで',
  change_child: {
    id: 90,
    kind: 'change',
    state: 'pending',
    created_at: '2030-04-01T00:00:00Z',
    proposal: {
      date: '2030-04-16',
      from: '14:00',
      to: '15:00',
      course_id: 1,
      salon_resource_id: 2,
      sub_resource_ids: [],
      comment: 'いつも通りで',
    },
  },
  cancel_child: null,
});

/** PATCH answers with the reservation changed as asked, like the server does. */
function patchHandler(current: { value: Reservation }) {
  return ({ query, body }: FakeRequest) => {
    const { value } = body as { value: unknown };
    const attr = query.attr!;
    current.value =
      attr === 'memo'
        ? { ...current.value, meta_data: { memo: value as string } }
        : { ...current.value, [attr]: value };
    return reply(200, { status: true, reservation: current.value });
  };
}

async function openDetail(app: ReturnType<typeof renderSalon>) {
  await waitFor(() =>
    expect(document.querySelector('.tl-item[data-reservation-id="11"]')).not.toBeNull(),
  );
  await app.user.click(document.querySelector('.tl-item[data-reservation-id="11"]') as HTMLElement);
  return screen.findByRole('complementary', { name: '予約の詳細' });
}

describe('reservation detail', { timeout: 30_000 }, () => {
  it('RSV-66 RSV-67 DEC-05 status, memo, 受付済み, visit status and attended are each saved on their own PATCH', async () => {
    const current = { value: makeReservation() };
    const app = renderSalon(path, { [`PATCH ${base}/:id`]: patchHandler(current) });
    const panel = await openDetail(app);
    await app.user.click(within(panel).getByRole('combobox', { name: '来店ステータス' }));
    await app.user.click(screen.getByRole('option', { name: '来店済み' }));
    await app.user.click(within(panel).getByRole('checkbox', { name: /受付済み/ }));
    await app.user.click(within(panel).getByRole('checkbox', { name: '来店確認済み' }));
    await app.user.type(within(panel).getByLabelText('メモ'), 'カラー剤はA');
    await app.user.click(within(panel).getByRole('button', { name: 'メモを保存' }));
    await app.user.click(within(panel).getByRole('combobox', { name: 'ステータス' }));
    await app.user.click(screen.getByRole('option', { name: 'キャンセル' }));
    // Cancelling frees the slot: asked first (issue 26), nothing sent until confirmed.
    const ask = await screen.findByRole('alertdialog', { name: '予約を「キャンセル」にする' });
    expect(app.callsTo('PATCH', `${base}/11`)).toHaveLength(4);
    await app.user.click(within(ask).getByRole('button', { name: '「キャンセル」にする' }));
    await waitFor(() => expect(app.callsTo('PATCH', `${base}/11`)).toHaveLength(5));
    const patches = app.callsTo('PATCH', `${base}/11`).map((call) => [call.query.attr, call.body]);
    expect(patches[0]).toEqual(['visit_status', { value: 1 }]);
    expect(patches[1]![0]).toBe('checked_at');
    expect((patches[1]![1] as { value: string }).value).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(patches[2]).toEqual(['is_attended', { value: true }]);
    expect(patches[3]).toEqual(['memo', { value: 'カラー剤はA' }]);
    expect(patches[4]).toEqual(['status', { value: -1 }]);
    expect(within(panel).getByRole('checkbox', { name: '来店確認済み' })).toBeChecked();
  });

  it('a no-show is asked first; declining sends nothing (issue 26)', async () => {
    const current = { value: makeReservation() };
    const app = renderSalon(path, { [`PATCH ${base}/:id`]: patchHandler(current) });
    const panel = await openDetail(app);
    await app.user.click(within(panel).getByRole('combobox', { name: '来店ステータス' }));
    await app.user.click(screen.getByRole('option', { name: '無断キャンセル' }));
    const ask = await screen.findByRole('alertdialog', { name: '無断キャンセルにする' });
    expect(ask).toHaveTextContent('お客様カルテの無断キャンセル回数に数えられます');
    await app.user.click(within(ask).getByRole('button', { name: 'キャンセル' }));
    expect(app.callsTo('PATCH', `${base}/11`)).toHaveLength(0);
    await app.user.click(within(panel).getByRole('combobox', { name: '来店ステータス' }));
    await app.user.click(screen.getByRole('option', { name: '無断キャンセル' }));
    await app.user.click(
      within(await screen.findByRole('alertdialog', { name: '無断キャンセルにする' })).getByRole(
        'button',
        { name: '無断キャンセルにする' },
      ),
    );
    await waitFor(() =>
      expect(app.callsTo('PATCH', `${base}/11`).map((call) => call.body)).toEqual([{ value: 2 }]),
    );
  });

  it('RSV-05 a memo the server refuses shows its message under the memo', async () => {
    const app = renderSalon(path, {
      [`PATCH ${base}/:id`]: () =>
        reply(422, {
          message: '入力内容に誤りがあります',
          errors: { value: ['2000文字以内で入力してください'] },
        }),
    });
    const panel = await openDetail(app);
    await app.user.type(within(panel).getByLabelText('メモ'), 'x');
    await app.user.click(within(panel).getByRole('button', { name: 'メモを保存' }));
    expect(await within(panel).findByText('2000文字以内で入力してください')).toBeVisible();
  });

  it('a 403 for a write is shown as a message, the screen stays', async () => {
    const app = renderSalon(path, {
      [`PATCH ${base}/:id`]: () => reply(403, { message: 'この操作を行う権限がありません' }),
    });
    const panel = await openDetail(app);
    await app.user.click(within(panel).getByRole('checkbox', { name: '来店確認済み' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('この操作を行う権限がありません');
    expect(panel).toBeVisible();
  });

  it('RSV-69 RSV-71 RSV-72 a pending change is shown beside the current values and approved with POST …/judge/{childId}/edit', async () => {
    const approved = makeReservation({
      date: '2030-04-16',
      from: '14:00',
      to: '15:00',
      salon_resource_id: 2,
      comment: 'いつも通りで',
    });
    const app = renderSalon(
      path,
      {
        [`POST ${base}/:id/judge/:childId/edit`]: () =>
          reply(200, { status: true, reservation: approved }),
      },
      { data: { reservations: [withRequests] } },
    );
    const panel = await openDetail(app);
    const request = within(panel).getByRole('region', { name: '変更リクエスト' });
    const compare = within(request).getByRole('table');
    expect(
      within(compare).getByRole('row', { name: /日付 4月15日\(月\) 4月16日\(火\)/ }),
    ).toBeVisible();
    expect(within(compare).getByRole('row', { name: /担当 佐藤 美咲 田中 翔太/ })).toBeVisible();
    await app.user.click(within(request).getByRole('button', { name: '変更を承認する' }));
    await waitFor(() =>
      expect(app.calls.some((call) => call.path === `${base}/11/judge/90/edit`)).toBe(true),
    );
    expect(app.calls.find((call) => call.path === `${base}/11/judge/90/edit`)!.body).toEqual({
      status: 'approve',
    });
    // The approved reservation moved to the 16th: it leaves this day's timeline.
    await waitFor(() =>
      expect(document.querySelector('.tl-item[data-reservation-id="11"]')).toBeNull(),
    );
    expect(within(panel).queryByRole('region', { name: '変更リクエスト' })).toBeNull();
  });

  it('RSV-70 RSV-73 a pending cancel is denied with POST …/judge/{childId}/cancel {status: deny}', async () => {
    const cancelRequested = makeReservation({
      cancel_child: {
        id: 91,
        kind: 'cancel',
        state: 'pending',
        proposal: null,
        created_at: '2030-04-01T00:00:00Z',
      },
    });
    const app = renderSalon(
      path,
      {
        [`POST ${base}/:id/judge/:childId/cancel`]: () =>
          reply(200, { status: true, reservation: makeReservation() }),
      },
      { data: { reservations: [cancelRequested] } },
    );
    const panel = await openDetail(app);
    const request = within(panel).getByRole('region', { name: 'キャンセルリクエスト' });
    await app.user.click(within(request).getByRole('button', { name: 'お断りする' }));
    await waitFor(() =>
      expect(app.calls.find((call) => call.path === `${base}/11/judge/91/cancel`)?.body).toEqual({
        status: 'deny',
      }),
    );
    expect(await screen.findByText('キャンセルリクエストをお断りしました')).toBeVisible();
  });

  it("the customer's answers to the booking page's questions are shown under their labels", async () => {
    const booked = makeReservation({
      source: 'member',
      customer_answers: [
        { field_id: 5, label: '電話番号', field_type: 'tel', value: '090-1234-5678' },
        { field_id: 6, label: 'ご要望', field_type: 'textarea', value: '' },
      ],
    });
    const app = renderSalon(path, {}, { data: { reservations: [booked] } });
    const panel = await openDetail(app);
    const answers = within(panel).getByRole('region', { name: 'お客様の回答' });
    expect(within(answers).getByText('電話番号').nextElementSibling).toHaveTextContent(
      '090-1234-5678',
    );
    expect(within(answers).getByText('ご要望').nextElementSibling).toHaveTextContent('未回答');
  });

  it('a reservation without answers shows no answers section', async () => {
    const app = renderSalon(path);
    const panel = await openDetail(app);
    expect(within(panel).queryByRole('region', { name: 'お客様の回答' })).toBeNull();
  });

  it('RSV-68 delete asks first, then DELETE /reservations/{id} removes it from the timeline', async () => {
    const app = renderSalon(path, { [`DELETE ${base}/:id`]: () => reply(200, { status: true }) });
    const panel = await openDetail(app);
    await app.user.click(within(panel).getByRole('button', { name: '削除' }));
    const confirm = await screen.findByRole('alertdialog', { name: '予約の削除' });
    expect(app.callsTo('DELETE', `${base}/11`)).toHaveLength(0);
    await app.user.click(within(confirm).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(app.callsTo('DELETE', `${base}/11`)).toHaveLength(1));
    await waitFor(() =>
      expect(document.querySelector('.tl-item[data-reservation-id="11"]')).toBeNull(),
    );
    expect(screen.queryByRole('complementary', { name: '予約の詳細' })).toBeNull();
  });

  it('TML-10 opening the detail already shown does nothing; TML-09 another one switches after the pause', async () => {
    const app = renderSalon(
      path,
      {},
      {
        data: {
          reservations: [
            makeReservation(),
            makeReservation({ id: 12, salon_resource_id: 2, name: '二人目' }),
          ],
        },
      },
    );
    const panel = await openDetail(app);
    await app.user.click(
      document.querySelector('.tl-item[data-reservation-id="11"]') as HTMLElement,
    );
    expect(screen.getByRole('complementary', { name: '予約の詳細' })).toBe(panel);
    await app.user.click(
      document.querySelector('.tl-item[data-reservation-id="12"]') as HTMLElement,
    );
    expect(await screen.findByText('二人目', { selector: '.salon-detail__name' })).toBeVisible();
  });
});
