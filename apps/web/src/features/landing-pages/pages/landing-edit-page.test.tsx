import { screen, waitFor } from '@testing-library/react';
import type { LandingChoices, LandingPage } from '@tsunagu/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { reply, type FakeRequest } from '@test/fake-api';
import { renderWithProviders } from '@test/render-with-providers';
import { LandingEditPage } from './landing-edit-page';

const saved: LandingPage = {
  id: 5,
  name: '冬のキャンペーン',
  slug: 'winter-sale',
  title: '冬のキャンペーン',
  description: '初回20%オフ',
  og_image_id: null,
  tracker_id: 3,
  group_id: 9,
  blocks: [
    { type: 'heading', text: '冬だけの特別価格', level: 1 },
    { type: 'faq', items: [{ question: '駐車場は？', answer: 'ありません' }] },
    { type: 'coupon', title: '20%オフ', description: '', code: 'WINTER', valid_until: null },
  ],
  url: 'https://pages.example.jp/p/winter-sale',
  published_at: null,
  has_unpublished_changes: true,
  stats: { views: 0, friends: 0, bookings: 0 },
  updated_at: '2026-11-26T05:00:00.000Z',
};

const choices: LandingChoices = {
  images: [{ id: 11, label: '#11（1040×1040、2026/11/20）', url: '/api/media/images/k11' }],
  forms: [{ id: 4, name: '来店アンケート' }],
  salons: [{ id: 2, name: '渋谷店' }],
  trackers: [
    { id: 3, name: 'Instagramプロフィール' },
    { id: 8, name: '店頭ポスター' },
  ],
};

function renderEditor(onPut: (request: FakeRequest) => ReturnType<typeof reply>) {
  const sent: FakeRequest[] = [];
  const app = renderWithProviders(
    [{ path: '/line/landing/edit/:id', element: <LandingEditPage title="編集" id={5} /> }],
    '/line/landing/edit/5',
    {
      'GET /api/line/landing_pages/5': () => reply(200, saved),
      'GET /api/line/landing_pages/choices': () => reply(200, choices),
      'PUT /api/line/landing_pages/5': (request) => {
        sent.push(request);
        return onPut(request);
      },
      'POST /api/line/landing_pages/5/publish': (request) => {
        sent.push(request);
        return reply(200, { ...saved, published_at: saved.updated_at });
      },
    },
  );
  return { app, sent };
}

describe('landing page editor', () => {
  beforeAll(() => {
    // Puck measures its panels and asks media queries; jsdom has neither (browser APIs, not ours).
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
    document.elementsFromPoint ??= () => [];
  });

  it("Puck's chrome speaks Japanese: the panels, the outline and the blocks carry our labels, not Blocks / Outline / Page", async () => {
    renderEditor(() => reply(200, saved));
    await screen.findByText('ページの内容');
    expect(await screen.findByText('ページの構成')).toBeInTheDocument();
    expect(screen.getAllByText('見出し').length).toBeGreaterThan(0);
    expect(screen.queryByText('Outline')).toBeNull();
    expect(screen.queryByText('Blocks')).toBeNull();
    expect(screen.queryByText('Page')).toBeNull();
    expect(screen.queryByText('Title')).toBeNull();
  });

  it('下書き保存 sends the settings and the blocks as the editor holds them', async () => {
    const { app, sent } = renderEditor(() => reply(200, saved));
    await screen.findByText('ページの内容');
    const title = screen.getByLabelText('ページタイトル（OGP）');
    await app.user.clear(title);
    await app.user.type(title, '春のキャンペーン');
    await app.user.click(screen.getByRole('button', { name: '下書き保存' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      name: '冬のキャンペーン',
      slug: 'winter-sale',
      title: '春のキャンペーン',
      description: '初回20%オフ',
      tracker_id: 3,
      og_image_id: null,
      group_id: 9,
      blocks: saved.blocks,
    });
    expect(await screen.findByText('下書きを保存しました')).toBeVisible();
  });

  it("公開 saves the draft first, then publishes it; the server's field errors are shown", async () => {
    const ok = renderEditor(() => reply(200, saved));
    await screen.findByText('ページの内容');
    await ok.app.user.click(screen.getByRole('button', { name: '公開' }));
    await waitFor(() => expect(ok.sent.map((request) => request.method)).toEqual(['PUT', 'POST']));
    ok.app.unmount();

    const failing = renderEditor(() =>
      reply(422, {
        message: '入力内容を確認してください',
        errors: { 'blocks.0.form_id': ['フォームが見つかりません'] },
      }),
    );
    await screen.findByText('ページの内容');
    await failing.app.user.click(screen.getByRole('button', { name: '公開' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'blocks.0.form_id: フォームが見つかりません',
    );
  });

  it('the 流入経路 is picked by name from the account’s trackers (no ids to type); the folder is kept', async () => {
    const { app, sent } = renderEditor(() => reply(200, saved));
    await screen.findByText('ページの内容');
    const picker = screen.getByRole('combobox', { name: '流入経路' });
    expect(picker).toHaveTextContent('Instagramプロフィール');
    await app.user.click(picker);
    await app.user.click(await screen.findByRole('option', { name: '店頭ポスター' }));
    await app.user.click(screen.getByRole('button', { name: '下書き保存' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ tracker_id: 8, group_id: 9 });
  });
});
