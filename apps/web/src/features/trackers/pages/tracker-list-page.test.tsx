import { screen, within } from '@testing-library/react';
import type { Tracker } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { renderWithProviders } from '@test/render-with-providers';
import { TrackerListPage } from './tracker-list-page';

const tracker: Tracker = {
  id: 7,
  name: 'Instagram プロフィール',
  group_id: null,
  code: 'abcdefghjk',
  url: 'https://console.example.jp/t/abcdefghjk',
  run_mode: 'first_follow',
  entry: 'login',
  run_greeting: true,
  active: true,
  actions: [],
  clicks: 12,
  friends: 3,
  returning: 1,
  blocked: 0,
  rate: 0.25,
  drop_already_friend: 1,
  drop_left_at_consent: 4,
  drop_outside_line: 2,
  drop_did_not_add: 2,
  reservations: 1,
  visits: 0,
  created_at: '2026-11-26T00:00:00.000Z',
  updated_at: '2026-11-26T00:00:00.000Z',
};

function renderList(canWrite: boolean, sent: unknown[] = []) {
  return renderWithProviders(
    [{ path: '/line/tracker', element: <TrackerListPage title="流入経路" canWrite={canWrite} /> }],
    '/line/tracker',
    {
      'GET /api/line/trackers': () => reply(200, { trackers: [tracker] }),
      'GET /api/line/content-groups': () => reply(200, { groups: [] }),
      'GET /api/line/trackers/:id/friends': (request) =>
        reply(200, {
          friends:
            request.query.kind === 'friends'
              ? [
                  {
                    id: 41,
                    display_name: '佐藤 花子',
                    icon_url: '',
                    follow_state: 'following',
                    arrived_at: '2026-11-26T01:00:00.000Z',
                  },
                ]
              : [],
        }),
      'PUT /api/line/trackers/:id/active': (request) => {
        sent.push(request.body);
        return reply(200, { ...tracker, active: false });
      },
    },
  );
}

describe('TrackerList (issue 29)', () => {
  it('shows each count, the rate and why people dropped; a count opens its friends', async () => {
    const app = renderList(true);
    const row = await screen.findByTestId('tracker-row');
    expect(within(row).getByTestId('tracker-clicks')).toHaveTextContent('12');
    expect(within(row).getByText('25.0%')).toBeVisible();
    expect(row).toHaveTextContent('同意画面で離脱 4');
    expect(screen.getByText(/まず LINE ログインの同意画面が表示されます/)).toBeVisible();
    await app.user.click(within(row).getByRole('button', { name: '3' }));
    const friends = await screen.findByRole('region', { name: /新しい友だち/ });
    expect(await within(friends).findByRole('link', { name: '佐藤 花子' })).toHaveAttribute(
      'href',
      '/line/friends/41',
    );
  });

  it('the switch stops a tracker (PUT active false)', async () => {
    const sent: unknown[] = [];
    const app = renderList(true, sent);
    await app.user.click(
      await screen.findByRole('button', { name: 'Instagram プロフィールを停止する' }),
    );
    expect(sent).toEqual([{ active: false }]);
  });

  it('read only: no switch and no create button', async () => {
    renderList(false);
    await screen.findByTestId('tracker-row');
    expect(screen.queryByRole('link', { name: '流入経路を作成' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /停止する/ })).not.toBeInTheDocument();
  });
});
