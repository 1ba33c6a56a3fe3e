import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { DAY, makeBlockTime, makeShift, renderSalon, SALON_ID } from '@test/salon-fixtures';

const base = `/api/salon/${SALON_ID}`;
// April 2030 ± 6 days (RSV-55).
const WINDOW = '2030-03-26..2030-05-06';

describe('time-shift and block-time forms', { timeout: 30_000 }, () => {
  it('TML-02 RSV-51 RSV-55 a new weekly shift is POSTed, then that resource is refetched for the month ± 6 days', async () => {
    const app = renderSalon(`/line/reserve/salon/shifts/day?date=${DAY}`, {
      [`POST ${base}/resources/:resourceId/time_shifts`]: () =>
        reply(201, { status: true, id: 77 }),
    });
    expect(
      await screen.findByRole('button', { name: /シフト 10:00〜19:00 通常勤務/ }),
    ).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: 'シフトを追加' }));
    const panel = await screen.findByRole('complementary', { name: 'シフト' });
    await app.user.click(within(panel).getByRole('combobox', { name: 'スタッフ・リソース' }));
    await app.user.click(screen.getByRole('option', { name: '田中 翔太' }));
    await app.user.click(within(panel).getByRole('button', { name: 'シフトを登録' }));
    await waitFor(() =>
      expect(app.callsTo('POST', `${base}/resources/2/time_shifts`)).toHaveLength(1),
    );
    expect(app.callsTo('POST', `${base}/resources/2/time_shifts`)[0]!.body).toEqual({
      start_date: DAY,
      repeat: 'weekly',
      from: '10:00',
      to: '19:00',
      description: '',
    });
    await waitFor(() =>
      expect(app.callsTo('GET', `${base}/time_shifts`).map((call) => call.query)).toContainEqual({
        range_date: WINDOW,
        resource: '2',
      }),
    );
    // RSV-49: the end goes as HH:mm.
    expect(
      (app.callsTo('POST', `${base}/resources/2/time_shifts`)[0]!.body as { to: string }).to,
    ).toMatch(/^\d{2}:\d{2}$/);
  });

  it('RSV-53 RSV-55 deleting "this date and after" sends the occurrence date and self_id, then refetches that resource', async () => {
    const app = renderSalon(`/line/reserve/salon/shifts/week?date=${DAY}`, {
      [`DELETE ${base}/resources/:resourceId/time_shifts/:masterId/:type`]: () =>
        reply(200, { status: true }),
    });
    await app.user.click(
      await screen.findByRole('button', { name: '佐藤 美咲 4月15日(月) 10:00〜19:00' }),
    );
    const panel = await screen.findByRole('complementary', { name: 'シフト' });
    await app.user.click(within(panel).getByRole('button', { name: '削除…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'シフトの削除' });
    await app.user.click(
      within(dialog).getByRole('button', { name: '4月15日(月) 以降をすべて削除' }),
    );
    await waitFor(() =>
      expect(app.callsTo('DELETE', `${base}/resources/1/time_shifts/31/after`)).toHaveLength(1),
    );
    expect(app.callsTo('DELETE', `${base}/resources/1/time_shifts/31/after`)[0]!.query).toEqual({
      date: DAY,
      self_id: `31_${DAY}`,
    });
    await waitFor(() =>
      expect(app.callsTo('GET', `${base}/time_shifts`).map((call) => call.query)).toContainEqual({
        range_date: WINDOW,
        resource: '1',
      }),
    );
  });

  it('RSV-54 deleting permanently sends neither date nor self_id', async () => {
    const app = renderSalon(`/line/reserve/salon/shifts/week?date=${DAY}`, {
      [`DELETE ${base}/resources/:resourceId/time_shifts/:masterId/:type`]: () =>
        reply(200, { status: true }),
    });
    await app.user.click(
      await screen.findByRole('button', { name: '佐藤 美咲 4月15日(月) 10:00〜19:00' }),
    );
    const panel = await screen.findByRole('complementary', { name: 'シフト' });
    await app.user.click(within(panel).getByRole('button', { name: '削除…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'シフトの削除' });
    await app.user.click(
      within(dialog).getByRole('button', { name: '過去の日も含めてすべて削除' }),
    );
    await waitFor(() =>
      expect(app.callsTo('DELETE', `${base}/resources/1/time_shifts/31/permanently`)).toHaveLength(
        1,
      ),
    );
    expect(
      app.callsTo('DELETE', `${base}/resources/1/time_shifts/31/permanently`)[0]!.query,
    ).toEqual({});
  });

  it('RSV-52 RSV-05 changing only this date PUTs type only; a 422 shows under the field', async () => {
    const app = renderSalon(`/line/reserve/salon/shifts/day?date=${DAY}`, {
      [`PUT ${base}/resources/:resourceId/time_shifts/:masterId`]: () =>
        reply(422, {
          message: '入力内容に誤りがあります',
          errors: {
            to: ['終了時刻は開始時刻より後にしてください（日をまたぐ時間帯は登録できません）'],
          },
        }),
    });
    await app.user.click(await screen.findByRole('button', { name: /シフト 10:00〜19:00/ }));
    const panel = await screen.findByRole('complementary', { name: 'シフト' });
    expect(within(panel).getByRole('combobox', { name: '変更する範囲' })).toHaveTextContent(
      'この日だけ',
    );
    await app.user.click(within(panel).getByRole('button', { name: '変更を保存' }));
    expect(await within(panel).findByText(/終了時刻は開始時刻より後にしてください/)).toBeVisible();
    expect(app.callsTo('PUT', `${base}/resources/1/time_shifts/31`)[0]!.body).toMatchObject({
      type: 'only',
      date: DAY,
      self_id: `31_${DAY}`,
    });
  });

  it('TML-03 TML-06 the week runs Monday to Sunday and can be filtered by resource', async () => {
    renderSalon(
      `/line/reserve/salon/shifts/week?date=2030-04-18&resource=2`,
      {},
      {
        data: {
          shifts: [
            makeShift(),
            makeShift({
              id: 32,
              salon_resource_id: 2,
              self_id: '32_2030-04-21',
              _date: '2030-04-21',
            }),
          ],
        },
      },
    );
    const headers = await screen.findAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      '4月15日(月)',
      '4月16日(火)',
      '4月17日(水)',
      '4月18日(木)',
      '4月19日(金)',
      '4月20日(土)',
      '4月21日(日)',
    ]);
    expect(
      await screen.findByRole('button', { name: '田中 翔太 4月21日(日) 10:00〜19:00' }),
    ).toBeVisible();
    expect(screen.queryByRole('rowheader', { name: /佐藤 美咲/ })).toBeNull();
  });

  it('RSV-75 a block time is POSTed; a 409 names what is in the way', async () => {
    const clash = '「田中 翔太」は4月15日(月) 13:00〜14:00に既に予約またはブロック時間があります';
    const app = renderSalon(`/line/reserve/salon/timeline?date=${DAY}`, {
      [`POST ${base}/block_times`]: () => reply(409, { message: clash }),
    });
    await screen.findByText('佐藤 美咲');
    await app.user.click(screen.getByRole('button', { name: 'ブロック時間を追加' }));
    const panel = await screen.findByRole('complementary', { name: 'ブロック時間' });
    await app.user.click(within(panel).getByRole('button', { name: 'ブロック時間を登録' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(clash);
    expect(app.callsTo('POST', `${base}/block_times`)[0]!.body).toEqual({
      date: DAY,
      from: '13:00',
      to: '14:00',
      salon_resource_id: 1,
      is_confirmed: true,
      description: '',
    });
  });

  it('RSV-77 an existing block time opens in its form and is deleted after a confirmation', async () => {
    const app = renderSalon(
      `/line/reserve/salon/timeline?date=${DAY}`,
      {
        [`DELETE ${base}/block_times/:id`]: () => reply(200, { status: true }),
      },
      { data: { blockTimes: [makeBlockTime()] } },
    );
    await app.user.click(
      await screen.findByRole('button', { name: /ブロック 休憩（ブロック時間 13:00〜14:00）/ }),
    );
    const panel = await screen.findByRole('complementary', { name: 'ブロック時間' });
    expect(within(panel).getByLabelText('内容')).toHaveValue('休憩');
    await app.user.click(within(panel).getByRole('button', { name: '削除' }));
    await app.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '削除する' }),
    );
    await waitFor(() => expect(app.callsTo('DELETE', `${base}/block_times/41`)).toHaveLength(1));
  });
});
