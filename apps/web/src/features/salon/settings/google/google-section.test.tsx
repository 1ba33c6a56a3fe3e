import {
  ERROR_REASON_HEADER,
  ERROR_REASONS,
  GOOGLE_MESSAGES,
  type GoogleCalendars,
} from '@tsunagu/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply, type FakeHandler, type FakeReply } from '@test/fake-api';
import { renderSalon } from '@test/salon-fixtures';
import { BASE, gate } from '@test/salon-settings-fixtures';
import { browser } from './google-section';

const PATH = '/line/reserve/salon/settings/google';
const TOKEN = 11;
const SHIFTS = 'staff-shifts@group.calendar.google.com';

function overview(): GoogleCalendars {
  return {
    account: { id: TOKEN, email: 'salon.demo@example.com', can_write: true },
    writes: { pending: 0, failed: 0, last_error: null, last_error_at: null },
    calendars: [
      { id: 'salon.demo@example.com', summary: 'salon.demo@example.com', primary: true },
      { id: SHIFTS, summary: 'スタッフシフト', primary: false },
      { id: 'reservations@group.calendar.google.com', summary: 'サロン予約', primary: false },
    ],
    calendars_error: null,
    salon_resources: [
      { id: 1, name: '佐藤' },
      { id: 2, name: '鈴木' },
    ],
    associations: [
      {
        id: 31,
        google_token_id: TOKEN,
        salon_resource_id: 1,
        google_calendar_id: SHIFTS,
        calendar_summary: 'スタッフシフト',
        purpose: 'shift',
        last_synced_at: '2030-04-15T01:05:00.000Z',
      },
    ],
  };
}

type Overrides = { link?: FakeHandler; unlink?: FakeHandler; resync?: FakeHandler };

/** The Google calls over a state the fake keeps, as the server does. */
function googleApi(start: GoogleCalendars = overview(), overrides: Overrides = {}) {
  let state = start;
  const handlers: Record<string, FakeHandler> = {
    [`GET ${BASE}/googlecalendars`]: () => reply(200, state),
    [`POST ${BASE}/googlecalendars`]:
      overrides.link ??
      (({ body }) => {
        const input = body as { salon_resource_id: number; google_calendar_id: string };
        const link = body as { link_target: 'shift' | 'reservation' };
        state = {
          ...state,
          associations: [
            ...state.associations,
            {
              id: 40,
              google_token_id: TOKEN,
              salon_resource_id: input.salon_resource_id,
              google_calendar_id: input.google_calendar_id,
              calendar_summary: 'スタッフシフト',
              purpose: link.link_target,
              last_synced_at: '2030-04-15T02:00:00.000Z',
            },
          ],
        };
        return reply(201, { status: true, id: 40, imported: 12, skipped: 1, removed: 0 });
      }),
    [`DELETE ${BASE}/googlecalendars/:primaryId/:purpose/:associationId`]:
      overrides.unlink ??
      (({ params }) => {
        state = {
          ...state,
          associations: state.associations.filter((a) => a.id !== Number(params.associationId)),
        };
        return reply(200, { status: true });
      }),
    [`POST ${BASE}/googlecalendars/:primaryId/shift/:associationId/resync`]:
      overrides.resync ?? (() => reply(200, { status: true, imported: 9, skipped: 0, removed: 2 })),
    [`POST ${BASE}/googlecalendars/connect`]: () =>
      reply(200, { url: 'https://accounts.google.com/o/oauth2/v2/auth?state=7.x' }),
  };
  return handlers;
}

const googleUnauthorized = (): FakeReply =>
  reply(
    401,
    { message: GOOGLE_MESSAGES.unauthorized },
    {
      [ERROR_REASON_HEADER]: ERROR_REASONS.googleUnauthorized,
    },
  );

async function chooseCalendar(app: ReturnType<typeof renderSalon>, name: string, option: string) {
  await app.user.click(await screen.findByRole('combobox', { name }));
  await app.user.click(screen.getByRole('option', { name: option }));
}

afterEach(() => vi.useRealTimers());

/** The connected account's address (the primary calendar, in the lists, has the same name). */
const accountEmail = () =>
  screen.findByText('salon.demo@example.com', { selector: '.google-account__email' });

describe('Google calendar section', { timeout: 30_000 }, () => {
  it('RSV-39 RSV-40 shows the account and, per resource, the shift and reservation calendars', async () => {
    const app = renderSalon(PATH, googleApi());
    expect(await accountEmail()).toBeVisible();
    const list = screen.getByRole('list', { name: 'リソースごとのカレンダー連携' });
    const sato = within(list).getAllByRole('listitem')[0]!;
    expect(within(sato).getByRole('heading', { name: '佐藤' })).toBeVisible();
    expect(within(sato).getByText('「スタッフシフト」')).toBeVisible();
    // 01:05 UTC is 10:05 in Tokyo.
    expect(within(sato).getByText('最終取得 4/15 10:05')).toBeVisible();
    expect(within(sato).getAllByText('未連携')).toHaveLength(1);
    expect(app.callsTo('GET', `${BASE}/googlecalendars`)).toHaveLength(1);
  });

  it('RSV-41 links a calendar with the spec payload, says what was imported and reloads the list', async () => {
    const app = renderSalon(PATH, googleApi());
    await chooseCalendar(app, '鈴木のシフト用カレンダー', 'スタッフシフト');
    await app.user.click(screen.getByRole('button', { name: '鈴木のシフト用カレンダーを連携' }));
    expect(
      await screen.findByText(
        '「スタッフシフト」を鈴木のシフトに連携しました（シフト12件を取り込みました）',
      ),
    ).toBeVisible();
    expect(app.callsTo('POST', `${BASE}/googlecalendars`)[0]!.body).toEqual({
      salon_resource_id: 2,
      google_token_id: TOKEN,
      google_calendar_id: SHIFTS,
      link_target: 'shift',
    });
    expect(
      await screen.findByRole('button', { name: '鈴木のシフト用カレンダーの連携を解除' }),
    ).toBeVisible();
    expect(app.callsTo('GET', `${BASE}/googlecalendars`)).toHaveLength(2);
  });

  it('RSV-42 a link request stops waiting after 30 seconds, reloads the linked calendars and reports success', async () => {
    const never = gate<FakeReply>();
    const app = renderSalon(PATH, googleApi(overview(), { link: () => never.promise }));
    await chooseCalendar(app, '鈴木の予約用カレンダー', 'サロン予約');
    const gets = () => app.callsTo('GET', `${BASE}/googlecalendars`).length;
    const success = () =>
      screen.queryByText('「サロン予約」を鈴木の予約に連携しました（取り込みは続いています）');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Lets promises and the fake fetch run, moving the fake clock by `ms` each round.
    const until = async (condition: () => boolean, ms = 0) => {
      for (let round = 0; round < 200 && !condition(); round += 1)
        await act(async () => {
          await vi.advanceTimersByTimeAsync(ms);
          await new Promise((resolve) => setImmediate(resolve));
        });
      expect(condition()).toBe(true);
    };

    fireEvent.click(screen.getByRole('button', { name: '鈴木の予約用カレンダーを連携' }));
    await until(() => app.callsTo('POST', `${BASE}/googlecalendars`).length === 1);
    await act(() => vi.advanceTimersByTimeAsync(29_999));
    expect(screen.getByRole('button', { name: '鈴木の予約用カレンダーを連携' })).toHaveTextContent(
      '連携中…',
    );
    expect(success()).toBeNull();
    expect(gets()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(1));
    await until(() => success() !== null && gets() === 2, 1);
    expect(screen.getByRole('button', { name: '鈴木の予約用カレンダーを連携' })).toHaveTextContent(
      '連携',
    );
  });

  it('RSV-43 a failed link shows the server body on 404 and 401, otherwise the unknown-error message', async () => {
    const answers = [
      reply(404, { message: GOOGLE_MESSAGES.calendarNotFound }),
      googleUnauthorized(),
      reply(503, { message: GOOGLE_MESSAGES.unavailable }),
    ];
    const app = renderSalon(PATH, googleApi(overview(), { link: () => answers.shift()! }));
    await chooseCalendar(app, '鈴木のシフト用カレンダー', 'スタッフシフト');
    const linkButton = screen.getByRole('button', { name: '鈴木のシフト用カレンダーを連携' });
    await app.user.click(linkButton);
    expect(await screen.findByText(GOOGLE_MESSAGES.calendarNotFound)).toBeVisible();
    await app.user.click(linkButton);
    expect(await screen.findByText(GOOGLE_MESSAGES.unauthorized)).toBeVisible();
    // Google's 401 is not the session's: the operator stays on the page.
    expect(app.location()).toBe(PATH);
    await app.user.click(linkButton);
    expect(await screen.findByText('不明なエラーが発生しました')).toBeVisible();
    expect(screen.queryByText(GOOGLE_MESSAGES.unavailable)).toBeNull();
  });

  it('RSV-44 unlinking asks, then sends DELETE /googlecalendars/{primaryId}/{purpose}/{associationId}', async () => {
    const app = renderSalon(PATH, googleApi());
    await app.user.click(
      await screen.findByRole('button', { name: '佐藤のシフト用カレンダーの連携を解除' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'カレンダー連携を解除' });
    expect(dialog).toHaveTextContent('取り込んだシフトは残ります。');
    await app.user.click(within(dialog).getByRole('button', { name: '解除する' }));
    expect(await screen.findByText('佐藤のシフト用カレンダーの連携を解除しました')).toBeVisible();
    expect(app.callsTo('DELETE', `${BASE}/googlecalendars/${TOKEN}/shift/31`)).toHaveLength(1);
    expect(await screen.findByRole('combobox', { name: '佐藤のシフト用カレンダー' })).toBeVisible();
  });

  it('RSV-45 a failed unlink shows the server body on 400 and 401, otherwise 削除に失敗しました', async () => {
    const answers = [
      reply(400, { message: GOOGLE_MESSAGES.purposeMismatch }),
      googleUnauthorized(),
      reply(404, { message: GOOGLE_MESSAGES.associationNotFound }),
    ];
    const app = renderSalon(PATH, googleApi(overview(), { unlink: () => answers.shift()! }));
    const unlinkOnce = async () => {
      await app.user.click(
        await screen.findByRole('button', { name: '佐藤のシフト用カレンダーの連携を解除' }),
      );
      await app.user.click(screen.getByRole('button', { name: '解除する' }));
    };
    await unlinkOnce();
    expect(await screen.findByText(GOOGLE_MESSAGES.purposeMismatch)).toBeVisible();
    await unlinkOnce();
    expect(await screen.findByText(GOOGLE_MESSAGES.unauthorized)).toBeVisible();
    await unlinkOnce();
    expect(await screen.findByText('削除に失敗しました')).toBeVisible();
    expect(screen.queryByText(GOOGLE_MESSAGES.associationNotFound)).toBeNull();
  });

  it('RSV-46 resync sends POST /googlecalendars/{primaryId}/shift/{associationId}/resync and says how many', async () => {
    const app = renderSalon(PATH, googleApi());
    await app.user.click(await screen.findByRole('button', { name: '佐藤のシフトを再取得' }));
    expect(await screen.findByText('佐藤のシフトを再取得しました（9件）')).toBeVisible();
    expect(app.callsTo('POST', `${BASE}/googlecalendars/${TOKEN}/shift/31/resync`)).toHaveLength(1);
  });

  it('RSV-47 a failed resync shows the server body on 400 and 401, otherwise 再取得に失敗しました', async () => {
    const answers = [
      reply(400, { message: GOOGLE_MESSAGES.calendarNotFound }),
      googleUnauthorized(),
      reply(503, { message: GOOGLE_MESSAGES.unavailable }),
    ];
    const app = renderSalon(PATH, googleApi(overview(), { resync: () => answers.shift()! }));
    const button = await screen.findByRole('button', { name: '佐藤のシフトを再取得' });
    await app.user.click(button);
    expect(await screen.findByText(GOOGLE_MESSAGES.calendarNotFound)).toBeVisible();
    await app.user.click(button);
    expect(await screen.findByText(GOOGLE_MESSAGES.unauthorized)).toBeVisible();
    await app.user.click(button);
    expect(await screen.findByText('再取得に失敗しました')).toBeVisible();
  });

  it('connecting asks the server for the consent page and goes there; the return says it worked', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const app = renderSalon(PATH, googleApi({ ...overview(), account: null, calendars: [] }));
    expect(await screen.findByText('Googleアカウントはまだ連携されていません。')).toBeVisible();
    expect(screen.queryByRole('combobox')).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Googleアカウントを連携' }));
    await vi.waitFor(() =>
      expect(go).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?state=7.x'),
    );
    expect(app.callsTo('POST', `${BASE}/googlecalendars/connect`)).toHaveLength(1);
    go.mockRestore();
  });

  it('back from Google: ?google=connected is said once and leaves the address', async () => {
    const app = renderSalon(`${PATH}?salon=7&google=connected`, googleApi());
    expect(await screen.findByText('Googleアカウントを連携しました')).toBeVisible();
    await vi.waitFor(() => expect(app.location()).toBe(`${PATH}?salon=7`));
  });

  it('a calendar list Google refused is said; the links stay visible', async () => {
    renderSalon(
      PATH,
      googleApi({ ...overview(), calendars: [], calendars_error: GOOGLE_MESSAGES.unauthorized }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(GOOGLE_MESSAGES.unauthorized);
    expect(screen.getByText('「スタッフシフト」')).toBeVisible();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('a grant that cannot write says so and offers to connect again, instead of failing silently', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const app = renderSalon(
      PATH,
      googleApi({
        ...overview(),
        account: { id: TOKEN, email: 'salon.demo@example.com', can_write: false },
        writes: {
          pending: 0,
          failed: 2,
          last_error: GOOGLE_MESSAGES.writeForbidden,
          last_error_at: '2030-04-15T01:05:00.000Z',
        },
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Googleカレンダーへの書き込み権限がありません。もう一度連携してください。',
    );
    await app.user.click(screen.getByRole('button', { name: 'もう一度連携する' }));
    await vi.waitFor(() =>
      expect(go).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?state=7.x'),
    );
    go.mockRestore();
  });

  it('writes Google refused are said with their counts and the last error, with no reconnect button', async () => {
    renderSalon(
      PATH,
      googleApi({
        ...overview(),
        writes: {
          pending: 3,
          failed: 1,
          last_error: GOOGLE_MESSAGES.unavailable,
          last_error_at: '2030-04-15T01:05:00.000Z',
        },
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('再送待ち 3件・停止 1件');
    expect(alert).toHaveTextContent(GOOGLE_MESSAGES.unavailable);
    expect(screen.queryByRole('button', { name: 'もう一度連携する' })).toBeNull();
  });

  it('staff without reserve-write see the links but no connect, link, resync or unlink', async () => {
    renderSalon(PATH, googleApi(), { readOnly: true });
    expect(await screen.findByText('「スタッフシフト」')).toBeVisible();
    expect(screen.getByText('salon.demo@example.com')).toBeVisible();
    expect(screen.queryAllByRole('button', { name: /連携|再取得|解除/ })).toHaveLength(0);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(
      screen.getByText('閲覧のみです。予約設定の変更には「予約」の書き込み権限が必要です。'),
    ).toBeVisible();
  });

  it('ISSUE-12 is the ninth section of the settings navigation', async () => {
    renderSalon(`${PATH}?salon=7`, googleApi());
    await accountEmail();
    const nav = screen.getByRole('navigation', { name: '設定の項目' });
    const links = within(nav).getAllByRole('link');
    // 一覧, then the nine sections.
    expect(links).toHaveLength(10);
    expect(links[9]).toHaveAccessibleName('Googleカレンダー連携');
    expect(links[9]).toHaveAttribute('aria-current', 'page');
    expect(links[9]).toHaveAttribute('href', `${PATH}?salon=7`);
  });
});
