import type { TelMessage, TelOrder, TelTemplateListItem } from '@tsunagu/contracts';

export function makeTelOrder(overrides: Partial<TelOrder> = {}): TelOrder {
  return {
    id: 1,
    created_at: '2025-06-01T10:00:00+09:00',
    status: 0,
    description: '6月の新規会員向けメッセージ',
    count_all: 10,
    count_success: 6,
    count_failed: 1,
    ...overrides,
  };
}

export function makeTelMessage(overrides: Partial<TelMessage> = {}): TelMessage {
  return {
    id: 101,
    datetime: '2025-06-02T10:00:00+09:00',
    status: 1,
    sent_at: null,
    tel: '09012345678',
    template_id: 5,
    params: { param_1: '山田', param_2: 'サロン青山' },
    failure_reason: null,
    failure_details: [],
    delivered_at: null,
    ...overrides,
  };
}

export function makeTelTemplate(overrides: Partial<TelTemplateListItem> = {}): TelTemplateListItem {
  return { id: 5, name: 'ご来店リマインド', created_at: '2025-05-01T09:30:00+09:00', ...overrides };
}
