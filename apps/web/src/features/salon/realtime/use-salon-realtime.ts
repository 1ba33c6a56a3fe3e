import type { SalonReservationEvent } from '@tsunagu/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getReservationsByIds } from '../api/get-reservations';
import { salonKeys } from '../api/query-keys';
import { mergeReservations } from '../api/reservation-cache';
import { useRealtimeSettings } from '../api/get-realtime-settings';
import { openSalonEventStream, type StreamState } from './event-stream';
import { addNotice, noticeFor, type ShownNotice } from './notices';

/** Events arriving together are refreshed with one `?ids=` call. */
const BATCH_MS = 50;

async function refresh(queryClient: QueryClient, salonId: number, ids: number[]) {
  try {
    const fresh = await getReservationsByIds(salonId, ids);
    const found = new Set(fresh.map((reservation) => reservation.id));
    // A deleted reservation is simply not in the answer.
    mergeReservations(
      queryClient,
      salonId,
      fresh,
      ids.filter((id) => !found.has(id)),
    );
  } catch {
    // RSV-07: logged by the fetcher; the next event or a reload brings it.
  }
}

/**
 * Subscribes to the salon's event stream while a salon screen is open: every event refreshes
 * the reservations it names (RSV-63), and those that produce a notice (RT-02..12) are listed.
 */
export function useSalonRealtime(salonId: number, pushNotification: boolean) {
  const queryClient = useQueryClient();
  // RT-14: the stream's URL and the debug flag come from the realtime settings.
  const settings = useRealtimeSettings(salonId).data;
  const streamUrl = settings?.stream_url ?? null;
  const debug = settings?.debug ?? false;
  const [state, setState] = useState<StreamState>('connecting');
  const [notices, setNotices] = useState<ShownNotice[]>([]);
  const push = useRef(pushNotification);
  push.current = pushNotification;

  useEffect(() => {
    if (!streamUrl) return;
    if (typeof EventSource === 'undefined') {
      setState('offline');
      return;
    }
    let pending = new Set<number>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const onEvent = (event: SalonReservationEvent) => {
      if (debug) console.debug('salon_reservation_event', event);
      pending.add(event.reservation_id);
      timer ??= setTimeout(() => {
        const ids = [...pending];
        pending = new Set();
        timer = null;
        void refresh(queryClient, salonId, ids);
      }, BATCH_MS);
      const notice = noticeFor(event, push.current);
      if (notice) setNotices((list) => addNotice(list, notice));
    };
    const stream = openSalonEventStream({
      url: streamUrl,
      onEvent,
      onState: setState,
      onReconnected: () =>
        void queryClient.invalidateQueries({ queryKey: salonKeys.reservationDays(salonId) }),
    });
    return () => {
      if (timer) clearTimeout(timer);
      stream.close();
    };
  }, [queryClient, salonId, streamUrl, debug]);

  const dismiss = useCallback(
    (id: number) => setNotices((list) => list.filter((notice) => notice.id !== id)),
    [],
  );
  return { state, notices, dismiss };
}
