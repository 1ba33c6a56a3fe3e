import { screen, waitFor } from '@testing-library/react';
import type { Site } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { reply, type FakeRequest } from '@test/fake-api';
import { renderWithProviders } from '@test/render-with-providers';
import { SiteListPage } from './site-list-page';

const filed: Site = {
  id: 2,
  name: '渋谷店のサイト',
  slug: 'shibuya',
  salon_id: null,
  group_id: 7,
  url: 'https://pages.example.jp/s/shibuya',
  pages: [],
};

describe('SiteList', () => {
  it('files a new site in a content group and shows the folder each site is filed in', async () => {
    const sent: FakeRequest[] = [];
    const app = renderWithProviders(
      [{ path: '/line/site', element: <SiteListPage title="サイト一覧" /> }],
      '/line/site',
      {
        'GET /api/line/sites': () => reply(200, { sites: [filed] }),
        'GET /api/line/content-groups': () =>
          reply(200, { groups: [{ id: 7, name: '店舗サイト', order: 1, tracker_count: 0 }] }),
        'POST /api/line/sites': (request) => {
          sent.push(request);
          return reply(201, { ...filed, id: 3, name: '新店', slug: 'new-shop' });
        },
      },
    );
    expect(await screen.findByText('フォルダ：店舗サイト')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('サイト名'), '新店');
    await app.user.type(screen.getByLabelText('URL（/s/ のあと）'), 'new-shop');
    await app.user.selectOptions(screen.getByLabelText('フォルダ', { exact: true }), '店舗サイト');
    await app.user.click(screen.getByRole('button', { name: 'サイトを作成' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      name: '新店',
      slug: 'new-shop',
      salon_id: null,
      group_id: 7,
    });
  });
});
