import { describe, expect, it } from 'vitest';
import { notificationInputSchema, tokyoDateTimeSchema } from './notifications.js';

describe('お知らせ contracts (issue 24)', () => {
  it('a send time is a real Tokyo date and time, YYYY-MM-DDTHH:mm', () => {
    for (const value of ['2026-12-01T09:30', '2028-02-29T23:59'])
      expect(tokyoDateTimeSchema.safeParse(value).success, value).toBe(true);
    for (const value of [
      '2026-02-30T10:00',
      '2027-02-29T10:00',
      '2026-01-01T24:00',
      '2026-01-01T10:60',
      '2026-13-01T10:00',
      '2026-12-01 10:00',
      '2026-12-01T10:00:00',
    ])
      expect(tokyoDateTimeSchema.safeParse(value).error?.issues[0]?.message, value).toBe(
        '配信日時をYYYY-MM-DDTHH:mmの形式で入力してください',
      );
  });

  it('new messages are required and checked one by one; a template needs none', () => {
    const base = { title: '冬', audience: { kind: 'all' } };
    const empty = notificationInputSchema.safeParse({ ...base, content: { messages: [] } });
    expect(empty.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['content.messages', 'テンプレートを選ぶか、メッセージを入力してください'],
    ]);
    const blank = notificationInputSchema.safeParse({
      ...base,
      content: { messages: [{ type: 'text', text: '' }] },
    });
    expect(blank.error?.issues[0]?.path).toEqual(['content', 'messages', 0]);
    expect(
      notificationInputSchema.safeParse({ ...base, content: { template_id: 3 } }).success,
    ).toBe(true);
  });

  it('tags any / all / none need at least one tag', () => {
    const parsed = notificationInputSchema.safeParse({
      title: '冬',
      content: { template_id: 3 },
      audience: { kind: 'tags', match: 'none', tag_ids: [] },
    });
    expect(parsed.error?.issues[0]?.message).toBe('タグを1つ以上選んでください');
  });
});
