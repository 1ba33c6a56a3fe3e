import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerFormApp, answerLinkOf } from './answer-form-app';

const link = { publicKey: 'AbCdEfGh12345678', token: '9.abcdefghijklmnopqrstuv' };
const path = `/api/public/forms/${link.publicKey}`;
const form = {
  name: '事前アンケート',
  description: 'ご来店前にお答えください',
  accepting: true,
  questions: [
    {
      id: 1,
      label: 'ご希望のプラン',
      help: '',
      required: true,
      type: 'choice',
      choices: [
        { id: 21, name: 'ゴールド' },
        { id: 22, name: 'シルバー' },
      ],
    },
    {
      id: 2,
      label: '年間来店予定',
      help: '数字でお答えください',
      required: false,
      type: 'number',
      choices: [],
    },
  ],
};

function fakeServer(
  answer: (body: unknown, count: number) => [number, unknown],
  expected = `${path}?m=${encodeURIComponent(link.token)}`,
) {
  const posts: unknown[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    expect(input).toBe(expected);
    if ((init.method ?? 'GET') === 'GET') return json(200, form);
    const body = JSON.parse(String(init.body));
    posts.push(body);
    return json(...answer(body, posts.length));
  });
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

describe('a friend’s answer page (issue 13, decision 0153)', () => {
  it('reads its link from the address', () => {
    expect(answerLinkOf({ pathname: `/f/${link.publicKey}`, search: `?m=${link.token}` })).toEqual(
      link,
    );
    expect(answerLinkOf({ pathname: '/x', search: '' })).toEqual({ publicKey: '', token: '' });
  });

  it('shows the questions by type, the server’s reasons under each, then the shop’s thanks', async () => {
    const posts = fakeServer((_body, count) =>
      count === 1
        ? [
            422,
            {
              message: '入力内容を確認してください',
              errors: { 'answers.1': ['「ご希望のプラン」は必須です'] },
            },
          ]
        : [200, { thanks_message: 'ご回答ありがとうございました' }],
    );
    const user = userEvent.setup();
    render(<AnswerFormApp link={link} />);
    expect(await screen.findByRole('heading', { name: '事前アンケート' })).toBeVisible();
    const plan = screen.getByRole('group', { name: /ご希望のプラン/ });
    expect(within(plan).getByText('必須')).toBeVisible();
    await user.type(screen.getByLabelText('年間来店予定'), '12');
    await user.click(screen.getByRole('button', { name: '回答する' }));
    expect(await within(plan).findByText('「ご希望のプラン」は必須です')).toBeVisible();

    await user.click(within(plan).getByRole('radio', { name: 'ゴールド' }));
    await user.click(screen.getByRole('button', { name: '回答する' }));
    expect(await screen.findByText('ご回答ありがとうございました')).toBeVisible();
    expect(posts.at(-1)).toEqual({
      answers: [
        { question_id: 1, value: 21 },
        { question_id: 2, value: '12' },
      ],
    });
  });

  it('without a token, answers as the friend signed in on the booking page (decision 0172)', async () => {
    const posts = fakeServer(
      () => [200, { thanks_message: 'ありがとうございました' }],
      `/api/booking/forms/${link.publicKey}`,
    );
    const user = userEvent.setup();
    render(<AnswerFormApp link={{ publicKey: link.publicKey, token: '' }} />);
    const plan = await screen.findByRole('group', { name: /ご希望のプラン/ });
    await user.click(within(plan).getByRole('radio', { name: 'シルバー' }));
    await user.click(screen.getByRole('button', { name: '回答する' }));
    expect(await screen.findByText('ありがとうございました')).toBeVisible();
    expect(posts).toEqual([
      {
        answers: [
          { question_id: 1, value: 22 },
          { question_id: 2, value: null },
        ],
      },
    ]);
  });
});
