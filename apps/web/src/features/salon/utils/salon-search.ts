import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { pagePaths } from '@/config/paths';
import { isDateValue, todayInTokyo } from '@tsunagu/contracts';

export type SalonView = 'timeline' | 'shift-day' | 'shift-week';

export const salonPaths = {
  home: pagePaths.ReserveSalon,
  timeline: pagePaths.SalonTimeline,
  'shift-day': pagePaths.SalonShiftDay,
  'shift-week': pagePaths.SalonShiftWeek,
} as const;

const idList = (value: string | null): Set<number> | null => {
  if (value === null) return null;
  const ids = value
    .split(',')
    .filter((part) => /^-?\d+$/.test(part))
    .map(Number);
  return new Set(ids);
};

/**
 * What the salon screens keep in the URL, so reload and the back button keep the view:
 * `date`, `salon`, and the filters `status` (TML-04) and `resource` (TML-05/06).
 */
export function useSalonSearch() {
  const [params, setParams] = useSearchParams();
  const rawDate = params.get('date');
  const date = isDateValue(rawDate) ? rawDate : todayInTokyo();
  const salon = Number(params.get('salon')) || null;
  const statuses = idList(params.get('status'));
  const resources = idList(params.get('resource'));

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      }),
    [setParams],
  );

  return {
    date,
    salon,
    statuses,
    resources,
    setDate: (value: string) => update({ date: value }),
    setSalon: (value: number) => update({ salon: String(value) }),
    setStatuses: (value: ReadonlySet<number> | null) =>
      update({ status: value ? [...value].join(',') : null }),
    setResources: (value: ReadonlySet<number> | null) =>
      update({ resource: value ? [...value].join(',') : null }),
    /** The same salon and date on another view (filters stay with their view). */
    linkTo: (view: SalonView) => {
      const next = new URLSearchParams();
      next.set('date', date);
      if (salon) next.set('salon', String(salon));
      const resource = params.get('resource');
      if (resource !== null) next.set('resource', resource);
      return `${salonPaths[view]}?${next.toString()}`;
    },
  };
}
