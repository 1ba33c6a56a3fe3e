import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salonEvents } from '../../db/schema/index.js';
import {
  SALON_EVENTS_KEEP_MINUTES,
  createEventPublisher,
  type SalonEventDraft,
} from './publisher.js';
import { createTestApp, databaseKind, type TestApp } from '../../../test/helpers/test-app.js';
import { demoSalonIds, signInAll } from '../../../test/salon/fixtures.js';

describe(`salon_events pruning (${databaseKind})`, () => {
  let t: TestApp;
  let salonId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const { demo, other } = await signInAll(t.app);
    [salonId] = await demoSalonIds(demo, other);
  });
  afterAll(() => t.close());

  it('RT replay keeps the last minutes; older rows go on a publish, at most once a minute', async () => {
    let clock = 1_000_000;
    const errors: unknown[] = [];
    const publish = createEventPublisher(
      t.app.db,
      { error: (object) => errors.push(object) },
      { now: () => clock },
    );
    const draft = (reservationId: number): SalonEventDraft => ({
      salonId,
      reservationId,
      type: 'create',
      actor: 'manager',
      memberDisplayName: '',
      iconUrl: '',
    });
    const ids = async () =>
      (await t.app.db.select({ id: salonEvents.id }).from(salonEvents)).map((row) => row.id);
    const age = async (minutes: number) =>
      t.app.db
        .update(salonEvents)
        .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(salonEvents.salonId, salonId));

    await publish([draft(1)]);
    const [old] = await ids();
    await age(SALON_EVENTS_KEEP_MINUTES + 5);
    clock += 30_000; // within the minute: nothing is pruned yet
    await publish([draft(2)]);
    expect(await ids()).toContain(old);
    clock += 31_000;
    await publish([draft(3)]);
    const left = await ids();
    expect(left).not.toContain(old);
    expect(left).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});
