import type { OnlineConfig, OpeningConfig } from '@tsunagu/contracts';
import { reply, type FakeHandler } from '@test/fake-api';
import { SALON_ID, makeConfig, renderSalon } from '@test/salon-fixtures';
// Loaded up front, as the route table loads the settings screens lazily.
import '@/app/routes/salon-settings-routes';

export const BASE = `/api/salon/${SALON_ID}`;

export function makeOpening(overrides: Partial<OpeningConfig> = {}): OpeningConfig {
  return {
    year: 2030,
    weekdays: Array.from({ length: 7 }, (_, index) => ({
      is_open: index !== 2, // closed on Tuesdays
      from: '10:00',
      to: '20:00',
    })),
    dates: { '2030-04-16': { is_open: true, from: '12:00', to: '18:00' } },
    is_saved: true,
    ...overrides,
  };
}

export function makeOnlineConfig(overrides: Partial<OnlineConfig> = {}): OnlineConfig {
  return {
    id: 3,
    is_public: true,
    title: 'サロン青山 オンライン予約',
    notice: '',
    shop_info: { name: 'サロン青山', tel: '03-1234-5678', address: '', url: '', description: '' },
    customer_info: [
      { id: 21, label: 'ご要望', field_type: 'textarea', required: false, options: [], order: 1 },
      {
        id: 22,
        label: '来店回数',
        field_type: 'select',
        required: true,
        options: ['初めて', '2回目以降'],
        order: 2,
      },
    ],
    actions: [{ type: 'notify_operators', enabled: true, text: '', time: '19:00' }],
    ...overrides,
  };
}

/** A settings page through the real route table, with the settings reads answered. */
export function renderSettings(
  path: string,
  api: Record<string, FakeHandler> = {},
  options: { readOnly?: boolean } = {},
) {
  return renderSalon(
    path,
    {
      [`GET ${BASE}/configs`]: ({ query }) =>
        query.attr === 'opening'
          ? reply(200, makeOpening({ year: Number(query.y) }))
          : reply(200, makeConfig()),
      [`GET ${BASE}/online_configs`]: () => reply(200, makeOnlineConfig()),
      // The preview's address (settings/online/preview-link.tsx).
      [`GET ${BASE}/online_url`]: () =>
        reply(200, { url: `http://localhost/r/pk-salon-${SALON_ID}` }),
      ...api,
    },
    options,
  );
}
