import { MESSAGES } from '@tsunagu/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, setUnauthenticatedHandler } from './api-client';
import { refusalMessages, refusalText } from './api-error';

/** What a journey or trigger call reports when the server answers `status` with `body`. */
async function reportOf(status: number, body: unknown): Promise<string[]> {
  vi.mocked(fetch).mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
  try {
    await apiRequest('/api/journeys/sort', { method: 'POST', body: { ids: [] } });
  } catch (error) {
    return refusalMessages(error);
  }
  throw new Error('expected the call to fail');
}

describe('journey and trigger calls report failure (spec §8)', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    setUnauthenticatedHandler(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('ERR-02 ERR-05 a refusal naming fields reports every field message, as a list', async () => {
    const messages = await reportOf(422, {
      message: '入力内容に誤りがあります',
      errors: {
        name: ['ジャーニー名を入力してください'],
        'steps.0.template_id': ['テンプレートが見つかりません', 'テンプレートを選んでください'],
      },
    });
    expect(messages).toEqual([
      'ジャーニー名を入力してください',
      'テンプレートが見つかりません',
      'テンプレートを選んでください',
    ]);
  });

  it('ERR-04 a refusal below 500 without field messages reports the string the server gave', async () => {
    expect(await reportOf(404, { message: 'ジャーニーが見つかりません' })).toEqual([
      'ジャーニーが見つかりません',
    ]);
    expect(await reportOf(409, 'フォルダ名が重複しています')).toEqual([
      'フォルダ名が重複しています',
    ]);
    expect(await reportOf(400, { message: 'トリガーが見つかりません', errors: {} })).toEqual([
      'トリガーが見つかりません',
    ]);
  });

  it.each([500, 502, 503])(
    'ERR-03 a server error %i reports the generic 不明なエラーが発生しました, whatever its body',
    async (status) => {
      expect(
        await reportOf(status, {
          message: 'データベースに接続できません',
          errors: { name: ['名前'] },
        }),
      ).toEqual([MESSAGES.unknownError]);
    },
  );

  it('ERR-02 something that is not an answer of the API is the generic message too', () => {
    expect(refusalMessages(new TypeError('x is undefined'))).toEqual([MESSAGES.unknownError]);
  });

  it('ERR-05 the messages read as one line in a toast', async () => {
    const error = await (async () => {
      vi.mocked(fetch).mockResolvedValue(
        new Response(
          JSON.stringify({
            message: '入力内容に誤りがあります',
            errors: { ids: ['並び順が最新ではありません'], group_id: ['フォルダが見つかりません'] },
          }),
          { status: 422 },
        ),
      );
      return apiRequest('/api/journeys/sort', { method: 'POST', body: {} }).catch(
        (failure: unknown) => failure,
      );
    })();
    expect(refusalText(error)).toBe('並び順が最新ではありません フォルダが見つかりません');
  });
});
