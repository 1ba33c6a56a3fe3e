import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EventApp, eventKeyOfPath, offerIdOfSearch } from '@/features/booking/event-page';
import '@/features/booking/booking.css';
import '@/features/booking/event-page/event-page.css';

/**
 * The friend's event page `/e/{publicKey}` (issue 27, decision 0318): a sibling of the booking
 * page's entry, within the same 80 KB budget — React, the booking page's LIFF sign-in and
 * styles, and the event page's own components; never the console.
 */
const root = document.getElementById('root');
if (!root) throw new Error('event.html must contain #root');

createRoot(root).render(
  <StrictMode>
    <EventApp
      publicKey={eventKeyOfPath(window.location.pathname)}
      offerId={offerIdOfSearch(window.location.search)}
    />
  </StrictMode>,
);
