// The benchmark page: our timelines (the console's own components) and FullCalendar's resource
// timeline, rendering the same data in the same Chromium. `window.bench` is driven by
// ../timeline.mjs through Playwright; nothing here asserts.
import { Calendar } from '@fullcalendar/core';
import type { Course, Reservation, Resource, TimeShift } from '@tsunagu/contracts';
import type { SalonStatus } from '@/features/salon/store/reference-store';
import resourceTimelinePlugin from '@fullcalendar/resource-timeline';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { buildReservationRows } from '@/features/salon/timeline/reservation-rows';
import { ReservationTimeline } from '@/features/salon/timeline/reservation-timeline';
import { ShiftWeekGrid } from '@/features/salon/timeline/shift-week-grid';
import '@/styles/global.css';
import '@/features/salon/salon.css';

type Data = {
  resources: Resource[];
  reservations: Reservation[];
  shifts: TimeShift[];
  statuses: SalonStatus[];
  courses: Course[];
  day: string;
  week: string[];
};

let root: Root | null = null;
let calendar: Calendar | null = null;

function stage(): HTMLElement {
  root?.unmount();
  root = null;
  calendar?.destroy();
  calendar = null;
  const old = document.getElementById('stage');
  old?.remove();
  const element = document.createElement('div');
  element.id = 'stage';
  element.style.width = '1200px';
  document.body.append(element);
  return element;
}

/** Synchronous render to the DOM, with style and layout forced, in ms. */
function timed(work: () => void): number {
  const started = performance.now();
  work();
  void document.body.getBoundingClientRect().height;
  return performance.now() - started;
}

function DayTimeline({ data, statuses }: { data: Data; statuses: Set<number> | null }) {
  const rows = buildReservationRows({
    resources: data.resources,
    reservations: data.reservations,
    blockTimes: [],
    shifts: [],
    date: data.day,
    filters: { statuses, resources: null },
  });
  return (
    <ReservationTimeline
      rows={rows}
      hours={{ start: 9 * 60, end: 21 * 60 }}
      now={null}
      statuses={data.statuses}
      courses={data.courses}
      canWrite
      height={700}
      pxPerMinute={2}
      labelWidth={168}
      onOpenReservation={() => {}}
      onOpenBlock={() => {}}
      onSlot={() => {}}
      onMove={async () => {}}
    />
  );
}

const bench = {
  oursDay(data: Data) {
    const element = stage();
    return timed(() => {
      root = createRoot(element);
      flushSync(() => root!.render(<DayTimeline data={data} statuses={null} />));
    });
  },
  /** The layout model alone (lanes for every resource), without React or the DOM. */
  rowsOnly(data: Data) {
    return timed(() =>
      buildReservationRows({
        resources: data.resources,
        reservations: data.reservations,
        blockTimes: [],
        shifts: [],
        date: data.day,
        filters: { statuses: null, resources: null },
      }),
    );
  },
  oursDayFilter(data: Data) {
    // TML-04: hide cancelled and denied reservations on the timeline already shown.
    return timed(() =>
      flushSync(() => root!.render(<DayTimeline data={data} statuses={new Set([1, 2])} />)),
    );
  },
  oursWeek(data: Data) {
    const element = stage();
    return timed(() => {
      root = createRoot(element);
      flushSync(() =>
        root!.render(
          <ShiftWeekGrid
            resources={data.resources}
            shifts={data.shifts}
            week={data.week}
            canWrite
            height={700}
            labelWidth={168}
            onOpenShift={() => {}}
            onNewShift={() => {}}
          />,
        ),
      );
    });
  },
  fullCalendar(data: Data, view: 'day' | 'week') {
    const element = stage();
    const events =
      view === 'day'
        ? data.reservations.map((r) => ({
            id: String(r.id),
            resourceId: String(r.salon_resource_id),
            title: r.name,
            start: `${data.day}T${r.from}:00`,
            end: `${data.day}T${r.to}:00`,
          }))
        : data.shifts.map((s) => ({
            id: String(s.id),
            resourceId: String(s.salon_resource_id),
            title: `${s.from}〜${s.to}`,
            start: `${s._date}T${s.from}:00`,
            end: `${s._date}T${s.to}:00`,
          }));
    return timed(() => {
      calendar = new Calendar(element, {
        plugins: [resourceTimelinePlugin],
        schedulerLicenseKey: 'GPL-My-Project-Is-Open-Source',
        initialView: view === 'day' ? 'resourceTimelineDay' : 'resourceTimelineWeek',
        initialDate: data.day,
        timeZone: 'UTC',
        slotMinTime: '09:00:00',
        slotMaxTime: '21:00:00',
        height: 700,
        resources: data.resources.map((r) => ({ id: String(r.id), title: r.name })),
        events,
      });
      calendar.render();
    });
  },
  itemsInDom: () =>
    document.querySelectorAll('#stage .tl-item, #stage .wk__shift, #stage .fc-timeline-event')
      .length,
  /** Scrolls our timeline for `frames` animation frames; answers each frame's duration. */
  async scrollOurs(frames: number, selector = '#stage .tl') {
    const scroller = document.querySelector(selector) as HTMLElement;
    const durations: number[] = [];
    let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    for (let frame = 0; frame < frames; frame += 1) {
      scroller.scrollTop += 24;
      scroller.scrollLeft += frame % 2 ? 12 : 0;
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      durations.push(now - last);
      last = now;
    }
    return durations;
  },
};

(window as unknown as { bench: typeof bench }).bench = bench;
document.title = 'ready';
