import { asc, eq } from 'drizzle-orm';
import type { FunnelChoices } from '@tsunagu/contracts';
import { events, forms, salonCourses, salons, tags, trackers } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/** The account's tags, forms, salon courses, events and trackers a funnel step can name. */
export async function funnelChoices(db: Executor, accountId: number): Promise<FunnelChoices> {
  const [tagRows, formRows, courseRows, eventRows, trackerRows] = await Promise.all([
    db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(eq(tags.accountId, accountId))
      .orderBy(asc(tags.id)),
    db
      .select({ id: forms.id, name: forms.name })
      .from(forms)
      .where(eq(forms.accountId, accountId))
      .orderBy(asc(forms.id)),
    db
      .select({ id: salonCourses.id, name: salonCourses.name })
      .from(salonCourses)
      .innerJoin(salons, eq(salons.id, salonCourses.salonId))
      .where(eq(salons.accountId, accountId))
      .orderBy(asc(salonCourses.id)),
    db
      .select({ id: events.id, name: events.title })
      .from(events)
      .where(eq(events.accountId, accountId))
      .orderBy(asc(events.id)),
    db
      .select({ id: trackers.id, name: trackers.name })
      .from(trackers)
      .where(eq(trackers.accountId, accountId))
      .orderBy(asc(trackers.id)),
  ]);
  return {
    tags: tagRows,
    forms: formRows,
    courses: courseRows,
    events: eventRows,
    trackers: trackerRows,
  };
}
