import type { Course, Resource } from '@tsunagu/contracts';
import { COURSES, RESOURCES, SALON_ID } from './salon-fixtures';
import { reply, type FakeHandler } from './fake-api';
// Loaded up front, like the console's screens (salon-fixtures.ts).
import '@/app/routes/salon-settings-routes';

export const BASE = `/api/salon/${SALON_ID}`;

/** A promise the test settles by hand: a call stays in flight until the test lets it go. */
export function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * The catalogue calls of the settings sections over a list the fake keeps: an order call
 * rearranges it (as the server does), so a reload after the call reads the stored order.
 */
export function catalogApi(options: { courses?: Course[]; resources?: Resource[] } = {}): {
  state: { courses: Course[]; resources: Resource[] };
  handlers: Record<string, FakeHandler>;
} {
  const state = {
    courses: [...(options.courses ?? COURSES)],
    resources: [...(options.resources ?? RESOURCES)],
  };
  const reorder = <T extends { id: number }>(rows: T[], ids: number[]) =>
    ids.map((id) => rows.find((row) => row.id === id)!);
  const handlers: Record<string, FakeHandler> = {
    [`GET ${BASE}/courses/all`]: () => reply(200, state.courses),
    [`GET ${BASE}/resources/all`]: () => reply(200, state.resources),
    [`POST ${BASE}/courses/order`]: ({ body }) => {
      state.courses = reorder(state.courses, (body as { ids: number[] }).ids);
      return reply(200, { status: true });
    },
    [`POST ${BASE}/resources/order`]: ({ body }) => {
      state.resources = reorder(state.resources, (body as { ids: number[] }).ids);
      return reply(200, { status: true });
    },
  };
  return { state, handlers };
}

/** The rows of a list table by their first text cell, in the order shown. */
export function shownNames(table: HTMLElement): string[] {
  return [...table.querySelectorAll('tbody tr')].map(
    (row) => row.querySelector('.salon-settings__name')?.textContent ?? '',
  );
}
