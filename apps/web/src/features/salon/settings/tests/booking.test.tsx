import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeReply } from '@test/fake-api';
import { makeConfig } from '@test/salon-fixtures';
import { BASE, renderSettings } from '@test/salon-config-fixtures';

const PATH = '/line/reserve/salon/settings/booking';

describe('salon settings: booking and cancel', { timeout: 30_000 }, () => {
  it('RSV-11 the booking form PUTs /configs/booking with numbers and the chosen mode', async () => {
    const app = renderSettings(PATH, {
      [`PUT ${BASE}/configs/:type`]: ({ body }) =>
        reply(200, { status: true, config: makeConfig({ booking: body as never }) }),
    });
    const form = await screen.findByRole('form', { name: '予約受付' });
    const days = within(form).getByRole('spinbutton', { name: '受付期間' });
    await app.user.clear(days);
    await app.user.type(days, '90');
    await app.user.click(within(form).getByRole('radio', { name: /即時確定/ }));
    await app.user.click(within(form).getByRole('button', { name: '予約受付を保存' }));
    await waitFor(() => expect(app.callsTo('PUT', `${BASE}/configs/booking`)).toHaveLength(1));
    expect(app.callsTo('PUT', `${BASE}/configs/booking`)[0]!.body).toEqual({
      slot_interval_minutes: 30,
      accept_days_ahead: 90,
      accept_hours_before: 1,
      accept_mode: 'instant',
    });
    expect(await screen.findByText('予約受付の設定を保存しました')).toBeVisible();
  });

  it('the cancel form saves how a customer cancel lands: instant by default, or by request', async () => {
    const app = renderSettings(PATH, {
      [`PUT ${BASE}/configs/:type`]: ({ body }) =>
        reply(200, { status: true, config: makeConfig({ cancel: body as never }) }),
    });
    const form = await screen.findByRole('form', { name: 'キャンセル・変更' });
    expect(within(form).getByRole('radio', { name: /即時キャンセル/ })).toBeChecked();
    await app.user.click(within(form).getByRole('radio', { name: /リクエスト/ }));
    await app.user.click(within(form).getByRole('button', { name: 'キャンセル設定を保存' }));
    await waitFor(() => expect(app.callsTo('PUT', `${BASE}/configs/cancel`)).toHaveLength(1));
    expect(app.callsTo('PUT', `${BASE}/configs/cancel`)[0]!.body).toEqual({
      deadline_hours: 24,
      allow_online_cancel: true,
      accept_mode: 'request',
    });
    expect(await screen.findByText('キャンセルの設定を保存しました')).toBeVisible();
  });

  it('RSV-11 an edit made while the save is on its way stays on screen, unsaved, after the answer', async () => {
    let answer: () => void = () => {};
    const app = renderSettings(PATH, {
      [`PUT ${BASE}/configs/:type`]: ({ body }) =>
        new Promise<FakeReply>(
          (resolve) =>
            (answer = () =>
              resolve(reply(200, { status: true, config: makeConfig({ cancel: body as never }) }))),
        ),
    });
    const form = await screen.findByRole('form', { name: 'キャンセル・変更' });
    await app.user.click(within(form).getByRole('radio', { name: /リクエスト/ }));
    await app.user.click(within(form).getByRole('button', { name: 'キャンセル設定を保存' }));
    await waitFor(() => expect(app.callsTo('PUT', `${BASE}/configs/cancel`)).toHaveLength(1));
    const deadline = within(form).getByRole('spinbutton', { name: 'キャンセル期限' });
    await app.user.clear(deadline);
    await app.user.type(deadline, '48');
    answer();
    expect(await screen.findByText('キャンセルの設定を保存しました')).toBeVisible();
    expect(deadline).toHaveValue(48);
    expect(within(form).getByRole('radio', { name: /リクエスト/ })).toBeChecked();
    expect(within(form).getByRole('button', { name: 'キャンセル設定を保存' })).toBeEnabled();
  });

  it('RSV-05 a 422 from the server is shown under its field', async () => {
    const app = renderSettings(PATH, {
      [`PUT ${BASE}/configs/:type`]: () =>
        reply(422, {
          message: '入力内容に誤りがあります',
          errors: { deadline_hours: ['キャンセル期限は168時間以内にしてください'] },
        }),
    });
    const form = await screen.findByRole('form', { name: 'キャンセル・変更' });
    const deadline = within(form).getByRole('spinbutton', { name: 'キャンセル期限' });
    await app.user.clear(deadline);
    await app.user.type(deadline, '48');
    await app.user.click(within(form).getByRole('button', { name: 'キャンセル設定を保存' }));
    expect(
      await within(form).findByText('キャンセル期限は168時間以内にしてください'),
    ).toBeVisible();
    expect(deadline).toHaveAttribute('aria-invalid', 'true');
  });

  it('a value out of range is named on its field before anything is sent', async () => {
    const app = renderSettings(PATH);
    const form = await screen.findByRole('form', { name: '予約受付' });
    const hours = within(form).getByRole('spinbutton', { name: '受付締切' });
    await app.user.clear(hours);
    await app.user.type(hours, '500');
    await app.user.click(within(form).getByRole('button', { name: '予約受付を保存' }));
    await waitFor(() => expect(hours).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById('booking-hours-before-error')).toHaveTextContent('168');
    expect(app.callsTo('PUT', `${BASE}/configs/booking`)).toHaveLength(0);
  });

  it('REF-17 leaving with an unsaved change asks first (decision 0062)', async () => {
    const app = renderSettings(PATH);
    const form = await screen.findByRole('form', { name: '予約受付' });
    await app.user.type(within(form).getByRole('spinbutton', { name: '受付期間' }), '0');
    const nav = screen.getByRole('navigation', { name: '設定の項目' });
    await app.user.click(within(nav).getByRole('link', { name: '営業時間' }));
    const ask = await screen.findByRole('alertdialog', { name: '保存していない変更があります' });
    await app.user.click(within(ask).getByRole('button', { name: '編集を続ける' }));
    expect(app.location()).toBe(PATH);
    expect(within(form).getByRole('spinbutton', { name: '受付期間' })).toHaveValue(600);
  });

  it('staff sees the values with no save button', async () => {
    renderSettings(PATH, {}, { readOnly: true });
    const form = await screen.findByRole('form', { name: '予約受付' });
    expect(within(form).getByRole('spinbutton', { name: '受付期間' })).toHaveValue(60);
    expect(within(form).getByRole('spinbutton', { name: '受付期間' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /保存/ })).toBeNull();
  });
});
