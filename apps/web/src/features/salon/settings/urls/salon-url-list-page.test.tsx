import type { SalonUrl } from '@tsunagu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { renderSalon } from '@test/salon-fixtures';
import { BASE } from '@test/salon-settings-fixtures';

const PATH = '/line/reserve/salon/settings/urls';
const INSTAGRAM: SalonUrl = {
  id: 3,
  name: 'Instagram',
  utm_source: 'instagram',
  utm_medium: 'social',
  utm_campaign: '',
  url: 'https://tsunagu.example/r/abc?utm_source=instagram&utm_medium=social&salon_url_id=3',
  created_at: '2030-04-01T15:30:00.000Z',
};

function urlApi() {
  let urls: SalonUrl[] = [INSTAGRAM];
  return {
    [`GET ${BASE}/salon_urls`]: () => reply(200, urls),
    [`POST ${BASE}/salon_urls`]: ({ body }: { body: unknown }) => {
      const input = body as Omit<SalonUrl, 'id' | 'url' | 'created_at'>;
      urls = [
        ...urls,
        {
          ...input,
          id: 4,
          url: `https://tsunagu.example/r/abc?utm_source=${input.utm_source}&salon_url_id=4`,
          created_at: '2030-04-02T01:00:00.000Z',
        },
      ];
      return reply(201, { status: true, id: 4 });
    },
    [`DELETE ${BASE}/salon_urls/:id`]: ({ params }: { params: Record<string, string> }) => {
      urls = urls.filter((url) => url.id !== Number(params.id));
      return reply(200, { status: true });
    },
  };
}

describe('booking URLs', { timeout: 30_000 }, () => {
  it('RSV-78 RSV-79 lists the URLs with their parameters and creates one with tracking parameters', async () => {
    const app = renderSalon(PATH, urlApi());
    const table = await screen.findByRole('table', { name: '予約URL一覧' });
    await waitFor(() => expect(within(table).getByText(INSTAGRAM.url)).toBeVisible());
    expect(within(table).getByText('source=instagram')).toBeVisible();
    // Created at 00:30 on 2 April in Tokyo, though it is still 1 April in UTC.
    expect(within(table).getByText('2030/04/02')).toBeVisible();

    const form = screen.getByRole('form', { name: 'URLを作成' });
    await app.user.type(within(form).getByLabelText('名前（管理用）'), 'チラシ');
    await app.user.type(within(form).getByLabelText('流入元（utm_source）'), 'flyer spring');
    await app.user.click(within(form).getByRole('button', { name: '作成' }));
    expect(within(form).getByText('英数字と . - _ ~ だけで入力してください')).toBeVisible();
    expect(app.callsTo('POST', `${BASE}/salon_urls`)).toHaveLength(0);

    const source = within(form).getByLabelText('流入元（utm_source）');
    await app.user.clear(source);
    await app.user.type(source, 'flyer');
    await app.user.click(within(form).getByRole('button', { name: '作成' }));
    expect(await screen.findByText('「チラシ」のURLを作成しました')).toBeVisible();
    expect(app.callsTo('POST', `${BASE}/salon_urls`)[0]!.body).toEqual({
      name: 'チラシ',
      utm_source: 'flyer',
      utm_medium: '',
      utm_campaign: '',
    });
    expect(await within(table).findByText(/utm_source=flyer&salon_url_id=4/)).toBeVisible();
    expect(within(form).getByLabelText('名前（管理用）')).toHaveValue('');
  });

  it('copies a URL to the clipboard and says so; shows its QR code as an SVG', async () => {
    // user-event gives the page a clipboard of its own; the test reads what landed there.
    const app = renderSalon(PATH, urlApi());
    await app.user.click(await screen.findByRole('button', { name: 'InstagramのURLをコピー' }));
    expect(await screen.findByText('「Instagram」のURLをコピーしました')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(INSTAGRAM.url);

    await app.user.click(screen.getByRole('button', { name: 'InstagramのQRコードを表示' }));
    const dialog = screen.getByRole('dialog', { name: '「Instagram」のQRコード' });
    const code = await within(dialog).findByRole('img', { name: 'InstagramのQRコード' });
    expect(code.tagName.toLowerCase()).toBe('svg');
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(within(dialog).getByText(INSTAGRAM.url)).toBeVisible();
  });

  it('RSV-80 deleting a URL asks first, then sends DELETE and the row goes', async () => {
    const app = renderSalon(PATH, urlApi());
    await app.user.click(await screen.findByRole('button', { name: 'Instagramを削除' }));
    await app.user.click(
      within(screen.getByRole('alertdialog', { name: 'URLを削除' })).getByRole('button', {
        name: '削除する',
      }),
    );
    expect(await screen.findByText('「Instagram」のURLを削除しました')).toBeVisible();
    expect(app.callsTo('DELETE', `${BASE}/salon_urls/3`)).toHaveLength(1);
    expect(await screen.findByText('URLはまだありません')).toBeVisible();
  });

  it('staff without reserve-write can copy and see QR codes, but neither create nor delete', async () => {
    renderSalon(PATH, urlApi(), { readOnly: true });
    expect(await screen.findByRole('button', { name: 'InstagramのURLをコピー' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'InstagramのQRコードを表示' })).toBeVisible();
    expect(screen.queryByRole('form', { name: 'URLを作成' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Instagramを削除' })).toBeNull();
    expect(
      screen.getByText('閲覧のみです。予約設定の変更には「予約」の書き込み権限が必要です。'),
    ).toBeVisible();
  });

  it('ISSUE-12 sits in the settings frame: marked in the navigation, ?salon= kept on the trail and links', async () => {
    renderSalon(`${PATH}?salon=7`, urlApi());
    await screen.findByRole('table', { name: '予約URL一覧' });
    const nav = screen.getByRole('navigation', { name: '設定の項目' });
    expect(within(nav).getByRole('link', { name: '予約URL' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'コース設定' })).toHaveAttribute(
      'href',
      '/line/reserve/salon/settings/courses?salon=7',
    );
    const trail = screen.getByRole('navigation', { name: 'パンくずリスト' });
    expect(within(trail).getByRole('link', { name: '予約設定' })).toHaveAttribute(
      'href',
      '/line/reserve/salon/settings?salon=7',
    );
  });
});
