import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '@test/fake-api';
import { makeConfig, renderSalon, SALON_ID } from '@test/salon-fixtures';

const open = { is_open: true, from: '10:00', to: '20:00' };
const closed = { is_open: false, from: '10:00', to: '20:00' };

describe('week shift view marks (issue 26)', () => {
  it('closed days by the opening hours and Japan’s holidays by name', async () => {
    renderSalon('/line/reserve/salon/shifts/week?date=2030-04-30', {
      [`GET /api/salon/${SALON_ID}/configs`]: ({ query }) =>
        query.attr === 'opening'
          ? reply(200, {
              year: 2030,
              // Sunday first (getUTCDay): Wednesday is the salon's closed day.
              weekdays: [open, open, open, closed, open, open, open],
              dates: { '2030-05-02': closed },
              is_saved: true,
            })
          : reply(200, makeConfig()),
    });
    const monday = await screen.findByRole('columnheader', { name: /4月29日/ });
    expect(await screen.findByText('昭和の日')).toBeVisible();
    expect(monday).toHaveTextContent('4月29日(月)昭和の日');
    expect(screen.getByRole('columnheader', { name: /5月1日/ })).toHaveTextContent('定休日');
    expect(screen.getByRole('columnheader', { name: /5月2日/ })).toHaveTextContent('定休日');
    expect(screen.getByRole('columnheader', { name: /4月30日/ })).not.toHaveTextContent('定休日');
    expect(screen.getByRole('columnheader', { name: /5月3日/ })).toHaveTextContent('憲法記念日');
  });
});
