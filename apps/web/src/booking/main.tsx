import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingApp, publicKeyOfPath } from '@/features/booking';
import '@/features/booking/booking.css';

/**
 * The customer's booking page `/r/{publicKey}` (issue 12, decision 0125): its own entry
 * (booking.html), so a customer on a phone downloads this page and never the console — no
 * router, no query cache, no UI kit, only React and the page's own components.
 */
const root = document.getElementById('root');
if (!root) throw new Error('booking.html must contain #root');

createRoot(root).render(
  <StrictMode>
    <BookingApp publicKey={publicKeyOfPath(window.location.pathname)} />
  </StrictMode>,
);
