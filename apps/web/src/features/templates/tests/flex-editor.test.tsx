import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type FakeReply } from '@test/fake-api';
import { renderTemplates, templateList } from './template-fixtures';

const bubble = {
  type: 'bubble',
  body: {
    type: 'box',
    layout: 'vertical',
    contents: [{ type: 'text', text: '夏のキャンペーン', weight: 'bold' }],
  },
};

describe('flex message editor (issue 14, decision 0165)', () => {
  it('checks the JSON as it is typed, names what LINE would refuse, and saves a valid card', async () => {
    const bodies: unknown[] = [];
    const app = renderTemplates('/line/template/edit_v3/new?redirectTo=%2Fline%2Ftemplate', {
      'POST /api/templates': ({ body }) => {
        bodies.push(body);
        return reply(201, { id: 9, line_check: 'passed' });
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'JSON（上級者向け）' }));
    const json = screen.getByLabelText('フレックスメッセージのJSON');
    await app.user.type(screen.getByLabelText('テンプレート名'), '夏のカード');
    await app.user.type(screen.getByLabelText(/代替テキスト/), '夏のキャンペーンのお知らせ');
    const broken = {
      ...bubble,
      body: { ...bubble.body, contents: [{ type: 'texxt', text: 'x' }] },
    };
    fireEvent.change(json, { target: { value: JSON.stringify(broken) } });
    const problems = screen.getByRole('list', { name: 'LINEが受け付けない点' });
    expect(
      within(problems).getByText('body.contents[0].type: 不明なコンポーネントです（"texxt"）'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: '保存' })).toBeDisabled();

    fireEvent.change(json, { target: { value: '{"type": "bubble",' } });
    expect(screen.getByText(/JSONとして読めません/)).toBeVisible();

    fireEvent.change(json, { target: { value: JSON.stringify(bubble) } });
    expect(screen.getByText('LINEが受け付ける形です')).toBeVisible();
    const preview = screen.getByRole('figure', { name: 'プレビュー' });
    expect(within(preview).getByText('夏のキャンペーン')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('フレックスメッセージを作成しました')).toBeVisible();
    expect(bodies).toEqual([
      {
        name: '夏のカード',
        group_id: null,
        kind: 'flex',
        messages: [{ type: 'flex', altText: '夏のキャンペーンのお知らせ', contents: bubble }],
      },
    ]);
    expect(app.location()).toBe('/line/template');
  });

  it('ROUTE-14 a save whose refresh brings the newer template back still says so and returns to the list', async () => {
    // The editor is keyed by the template's updated_at, so the refresh after the save replaces
    // it. The list's refresh is held until that has happened: the order seen under CI load.
    let saved = false;
    let releaseList: () => void = () => {};
    const app = renderTemplates('/line/template/edit_v3/6?redirectTo=%2Fline%2Ftemplate', {
      'GET /api/templates': () => {
        const answer = reply(200, templateList);
        if (!saved) return answer;
        return new Promise<FakeReply>((resolve) => (releaseList = () => resolve(answer)));
      },
      'GET /api/templates/:id': () =>
        reply(200, {
          ...templateList.items[1],
          name: saved ? '夏のカード' : templateList.items[1]!.name,
          updated_at: saved ? '2026-11-27T03:00:00.000Z' : templateList.items[1]!.updated_at,
          messages: [{ type: 'flex', altText: '夏', contents: bubble }],
        }),
      'PUT /api/templates/6': () => {
        saved = true;
        return reply(200, { ...templateList.items[1], messages: [], line_check: 'passed' });
      },
    });
    const name = await screen.findByLabelText('テンプレート名');
    await app.user.clear(name);
    await app.user.type(name, '夏のカード');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByLabelText('テンプレート名')).not.toBe(name));
    releaseList();
    expect(await screen.findByText('フレックスメッセージを保存しました')).toBeVisible();
    expect(app.location()).toBe('/line/template');
  });

  it('opens a saved flex template and shows the server’s reason; never redirects off the console', async () => {
    const app = renderTemplates('/line/template/edit_v3/6?redirectTo=https%3A%2F%2Fevil.example', {
      'GET /api/templates/:id': () =>
        reply(200, {
          ...templateList.items[1],
          messages: [{ type: 'flex', altText: '夏', contents: bubble }],
        }),
      'PUT /api/templates/6': ({ body }) =>
        (body as { name: string }).name === 'だめ'
          ? reply(422, {
              message: '入力内容に誤りがあります',
              errors: { 'messages.0': ['1つ目のメッセージ：代替テキストを入力してください'] },
            })
          : reply(200, { ...templateList.items[1], messages: [], line_check: 'passed' }),
    });
    const name = await screen.findByLabelText('テンプレート名');
    expect(name).toHaveValue('キャンペーン');
    expect(screen.getByLabelText('フレックスメッセージのJSON')).toHaveValue(
      JSON.stringify(bubble, null, 2),
    );
    await app.user.clear(name);
    await app.user.type(name, 'だめ');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(
      await screen.findByText('1つ目のメッセージ：代替テキストを入力してください'),
    ).toBeVisible();
    await app.user.clear(name);
    await app.user.type(name, '夏のカード');
    await app.user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('フレックスメッセージを保存しました')).toBeVisible();
    expect(app.location()).toBe('/line/template');
  });
});
