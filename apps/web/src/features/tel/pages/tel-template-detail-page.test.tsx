import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSION_KEYS, type TelTemplate } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { makeSession } from '@test/fixtures';
import { renderApp } from '@test/render-app';
import { makeTelTemplate } from '@test/tel-fixtures';

// The first look waits for the lazily loaded screen; the machine may be busy.
const SLOW = { timeout: 10_000 };

const TWO_BUBBLES = JSON.stringify([
  { type: 'text', text: '[param_1] 様\nご来店日が近づいてまいりました。' },
  { type: 'text', text: '日時: [param_3]' },
]);

function template(overrides: Partial<TelTemplate> = {}): TelTemplate {
  return {
    ...makeTelTemplate({ id: 5, name: 'ご来店リマインド' }),
    body: TWO_BUBBLES,
    usage: { draft_messages: 0, ordered_messages: 0 },
    ...overrides,
  };
}

const owner = makeSession();
const staff = makeSession({
  permissions: PERMISSION_KEYS.filter((key) => key !== 'tel-write'),
  isOwner: false,
});

function open(path: string, found: TelTemplate, api = {}, session = owner) {
  return renderApp(path, {
    session,
    api: {
      [`GET /api/tel/template/${found.id}`]: () => reply(200, found),
      'GET /api/tel/template/list': () => reply(200, [makeTelTemplate({ id: found.id })]),
      ...api,
    },
  });
}

const preview = () => screen.findByRole('list', { name: 'お客様に届くメッセージ' }, SLOW);
const toasts = () =>
  screen.getAllByRole('alert').map((toast) => toast.querySelector('.toast__message')?.textContent);

describe('TelTemplateDetailPage', () => {
  it('TEL-70 shows what the customer receives as LINE bubbles, [param_n] as a chip', async () => {
    open('/line/tel/template/5', template());
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: '通知メッセージテンプレート詳細' },
        SLOW,
      ),
    ).toBeVisible();
    const bubbles = within(await preview()).getAllByRole('listitem');
    expect(bubbles.map((bubble) => bubble.textContent)).toEqual([
      '[param_1] 様\nご来店日が近づいてまいりました。',
      '日時: [param_3]',
    ]);
    const chips = bubbles.flatMap((bubble) => [...bubble.querySelectorAll('.line-chip')]);
    expect(chips.map((chip) => chip.textContent)).toEqual(['[param_1]', '[param_3]']);
    expect(screen.getByText('ご来店リマインド')).toBeVisible();
    expect(screen.getByText('送信前のメッセージ').nextElementSibling).toHaveTextContent('なし');
  });

  it('a message that is not text shows its kind and its notification text', async () => {
    const flex = JSON.stringify({ type: 'flex', altText: '[param_1] 様へのご案内', contents: {} });
    open('/line/tel/template/5', template({ body: flex }));
    const [bubble] = within(await preview()).getAllByRole('listitem');
    expect(bubble).toHaveTextContent('Flexメッセージ[param_1] 様へのご案内');
  });

  it('the template list links each name to its detail', async () => {
    const app = open('/line/tel/template', template());
    await app.user.click(await screen.findByRole('link', { name: 'ご来店リマインド' }, SLOW));
    await waitFor(() => expect(app.location()).toBe('/line/tel/template/5'));
    expect(await preview()).toBeVisible();
  });

  it('DEC-09 without tel-write there is neither 編集 nor 削除', async () => {
    open('/line/tel/template/5', template(), {}, staff);
    expect(await preview()).toBeVisible();
    expect(screen.queryByRole('link', { name: '編集' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'このテンプレートを削除' })).toBeNull();
  });

  it('a template in use says why it cannot be deleted, with the counts, before any click', async () => {
    open('/line/tel/template/5', template({ usage: { draft_messages: 2, ordered_messages: 1 } }));
    const button = await screen.findByRole('button', { name: 'このテンプレートを削除' }, SLOW);
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'このテンプレートは送信前の通知メッセージ3件（下書き2件・発注済み1件）で使われているため削除できません。送信が終わるか、その発注をキャンセルすると変更・削除できます。',
    );
    expect(screen.getByText('送信前のメッセージ').nextElementSibling).toHaveTextContent(
      '下書き2件・発注済み1件',
    );
  });

  it('deleting asks first, naming the template; 削除する deletes and returns to the list', async () => {
    const app = open('/line/tel/template/5', template(), {
      'DELETE /api/tel/template/5': () => reply(200, { status: true }),
    });
    await app.user.click(
      await screen.findByRole('button', { name: 'このテンプレートを削除' }, SLOW),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: 'テンプレート「ご来店リマインド」の削除',
    });
    expect(dialog).toHaveTextContent(
      'テンプレート「ご来店リマインド」を削除します。削除したテンプレートは元に戻せません。',
    );
    await app.user.click(within(dialog).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(app.location()).toBe('/line/tel/template'));
    expect(await screen.findByText('削除しました', {}, SLOW)).toBeVisible();
    expect(app.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('a refusal that still comes (used meanwhile) is shown with the server reason', async () => {
    const reason =
      'このテンプレートは送信前の通知メッセージ1件（下書き1件）で使われているため削除できません';
    const app = open('/line/tel/template/5', template(), {
      'DELETE /api/tel/template/5': () => reply(409, { message: reason }),
    });
    await app.user.click(
      await screen.findByRole('button', { name: 'このテンプレートを削除' }, SLOW),
    );
    await app.user.click(screen.getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(toasts()).toContain(reason));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(app.location()).toBe('/line/tel/template/5');
  });
});
