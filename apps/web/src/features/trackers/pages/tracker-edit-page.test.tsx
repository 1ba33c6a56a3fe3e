import { screen } from '@testing-library/react';
import { TRACKER_TEXT } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { renderWithProviders } from '@test/render-with-providers';
import { TrackerEditPage } from './tracker-edit-page';

/** The actions editor is handed in by app/ (the one action model); none is edited here. */
const NoActions = () => null;

describe('TrackerNew: the entry choice (issue 29, decision 0475)', () => {
  it('LINEログイン is the default; choosing LIFF sends entry liff, tells the endpoint URL and the LINE連携 field to set (decision 0476), and shows the server’s refusal on 計測の方法', async () => {
    const bodies: Record<string, unknown>[] = [];
    const app = renderWithProviders(
      [
        {
          path: '/vue3-dev/line/tracker/edit/new',
          element: <TrackerEditPage title="流入経路の作成" id={null} ActionsEditor={NoActions} />,
        },
      ],
      '/vue3-dev/line/tracker/edit/new',
      {
        'GET /api/line/content-groups': () => reply(200, { groups: [] }),
        'POST /api/line/trackers': ({ body }) => {
          bodies.push(body as Record<string, unknown>);
          return reply(422, {
            message: '入力内容に誤りがあります',
            errors: { entry: [TRACKER_TEXT.liffNotReady] },
          });
        },
      },
    );
    const login = await screen.findByRole('radio', { name: 'LINEログイン（同意画面）' });
    const liff = screen.getByRole('radio', { name: 'LIFF（LINEアプリ内でそのまま開く）' });
    expect(login).toBeChecked();
    expect(screen.queryByText(/エンドポイントURL/)).toBeNull();
    await app.user.type(screen.getByLabelText('流入経路名（お客様には見えません）'), '店頭QR');
    await app.user.click(liff);
    expect(screen.getByRole('group', { name: '計測の方法' })).toHaveTextContent(
      `エンドポイントURLを ${window.location.origin}/t/liff にして、その LIFF ID を「LINE連携」の「流入経路用のLIFF ID」に保存してください`,
    );
    await app.user.click(screen.getByRole('button', { name: '作成する' }));
    expect(await screen.findByText(TRACKER_TEXT.liffNotReady)).toBeVisible();
    expect(bodies[0]).toMatchObject({ name: '店頭QR', entry: 'liff' });
    expect(liff).toHaveAttribute('aria-invalid', 'true');
  });
});
