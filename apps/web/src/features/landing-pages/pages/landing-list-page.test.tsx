import { screen } from '@testing-library/react';
import type { LandingPageList } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { renderWithProviders } from '@test/render-with-providers';
import { LandingListPage } from './landing-list-page';

const page: LandingPageList['pages'][number] = {
  id: 5,
  name: '冬のキャンペーン',
  slug: 'winter-sale',
  title: '冬のキャンペーン',
  description: '',
  og_image_id: null,
  tracker_id: 3,
  group_id: null,
  url: 'https://pages.example.jp/p/winter-sale',
  published_at: '2026-11-26T05:00:00.000Z',
  has_unpublished_changes: false,
  stats: { views: 120, friends: 8, bookings: 3 },
  updated_at: '2026-11-26T05:00:00.000Z',
};

function renderList(canWrite: boolean) {
  return renderWithProviders(
    [
      {
        path: '/line/landing',
        element: <LandingListPage title="ランディングページ一覧" canWrite={canWrite} />,
      },
    ],
    '/line/landing',
    { 'GET /api/line/landing_pages': () => reply(200, { pages: [page] }) },
  );
}

describe('LandingList', () => {
  it('shows each page with views → friends → bookings, and ページを作成 for an operator who may write', async () => {
    renderList(true);
    expect(await screen.findByRole('link', { name: '冬のキャンペーン' })).toBeTruthy();
    expect(screen.getByText('120')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ページを作成' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('staff without landing-write read the list under the 閲覧のみ banner, with nothing to create or open', async () => {
    renderList(false);
    expect(await screen.findByText('冬のキャンペーン')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('閲覧のみです');
    expect(screen.queryByRole('link', { name: 'ページを作成' })).toBeNull();
    expect(screen.queryByRole('link', { name: '冬のキャンペーン' })).toBeNull();
  });
});
