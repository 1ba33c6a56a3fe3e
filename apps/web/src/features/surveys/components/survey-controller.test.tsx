import { screen, within } from '@testing-library/react';
import { SURVEY_MESSAGES } from '@tsunagu/contracts';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { findStatus } from '@test/find-status';
import { renderWithProviders } from '@test/render-with-providers';
import { SurveyController } from './survey-controller';

function renderSurvey(status = 201) {
  return renderWithProviders([{ path: '*', element: <SurveyController /> }], '/line/tel/upload', {
    'POST /api/surveys/responses': () =>
      status === 201 ? reply(201, { id: 1 }) : reply(status, { message: 'サーバーの説明' }),
  });
}

describe('survey controller', () => {
  it('APP-09 posts the score, comment and page, thanks the operator and closes', async () => {
    const app = renderSurvey();
    await app.user.click(screen.getByRole('button', { name: 'ご意見' }));
    const dialog = screen.getByRole('dialog', { name: 'ご意見をお聞かせください' });
    const scores = within(dialog).getByRole('radiogroup', { name: SURVEY_MESSAGES.question });
    expect(within(scores).getAllByRole('radio')).toHaveLength(5);

    await app.user.click(within(scores).getByRole('radio', { name: /4/ }));
    await app.user.type(within(dialog).getByLabelText('コメント（任意）'), '使いやすいです');
    await app.user.click(within(dialog).getByRole('button', { name: '送信' }));

    expect(await findStatus(SURVEY_MESSAGES.thanks)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const call = app.calls.find((entry) => entry.path === '/api/surveys/responses');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({
      score: 4,
      comment: '使いやすいです',
      page_path: '/line/tel/upload',
    });
  });

  it('asks for a score before sending anything', async () => {
    const app = renderSurvey();
    await app.user.click(screen.getByRole('button', { name: 'ご意見' }));
    await app.user.click(screen.getByRole('button', { name: '送信' }));
    expect(screen.getByText('評価を選択してください')).toBeVisible();
    expect(app.calls).toHaveLength(0);
  });

  it('keeps the dialog open and shows the server message when sending fails', async () => {
    const app = renderSurvey(500);
    await app.user.click(screen.getByRole('button', { name: 'ご意見' }));
    await app.user.click(screen.getByRole('radio', { name: /1/ }));
    await app.user.click(screen.getByRole('button', { name: '送信' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('サーバーの説明');
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('closes on Escape and returns focus to the button', async () => {
    const app = renderSurvey();
    const opener = screen.getByRole('button', { name: 'ご意見' });
    await app.user.click(opener);
    expect(screen.getByRole('dialog')).toBeVisible();
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
