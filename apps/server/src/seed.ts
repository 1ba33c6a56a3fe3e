import { backfillFriendEvents } from './modules/friend-events/index.js';
import { todayInTokyo } from '@tsunagu/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from './db/types.js';
import {
  DEMO_SHOP_NAME,
  demoPasswordHashes,
  hasNoAccounts,
  seedDemoAccounts,
  seedDemoOperators,
} from './modules/auth/index.js';
import { seedDemoBoard } from './modules/board/index.js';
import { seedDemoChats } from './modules/chats/index.js';
import { seedDemoCommonVars } from './modules/common-vars/index.js';
import { seedDemoEpisodes } from './modules/episodes/index.js';
import { seedDemoEvents } from './modules/events/index.js';
import { seedDemoForms } from './modules/forms/index.js';
import { seedDemoFriendInfo } from './modules/friend-info/index.js';
import { seedDemoJourneys } from './modules/journeys/index.js';
import { seedDemoSegments } from './modules/member-queries/index.js';
import { seedDemoTemplates } from './modules/message-templates/index.js';
import {
  seedDemoNotificationHistory,
  seedDemoNotifications,
} from './modules/notifications/index.js';
import { seedDemoTriggers } from './modules/open-api/index.js';
import { seedDemoRoles } from './modules/roles/index.js';
import { DEMO_STAFF, seedDemoResources } from './modules/salon-resources/index.js';
import { seedDemoOnlineBooking } from './modules/salon-configs/index.js';
import { seedDemoCourses } from './modules/salon-courses/index.js';
import { seedDemoReservations } from './modules/salon-reservations/index.js';
import { seedDemoShifts } from './modules/salon-shifts/index.js';
import { demoFriendsOf, seedDemoSalons } from './modules/salons/index.js';
import { seedDemoTags } from './modules/tags/index.js';
import { seedDemoTel } from './modules/tel/index.js';

/**
 * Demo data for local use, written once into an empty database, in one transaction: the salon
 * account with an owner (`demo`, every key) and a read-only staff member (`staff`), the other
 * account with its own owner (`other`) so tenancy can be seen, the salon's catalog, shifts,
 * bookings and online booking page, notification message templates with a draft order, the shop's
 * common information, and the LINE side every console screen shows (decision 0201). Each domain
 * writes its own part (its `seed.ts`). Returns false when the database already had data.
 */
export async function seedDemo(db: Database, password: string, now = new Date()) {
  if (!(await hasNoAccounts(db))) return false;
  const hashes = await demoPasswordHashes(password);
  const today = todayInTokyo(now);
  await db.transaction(async (tx) => {
    const accounts = await seedDemoAccounts(tx);
    const roles = await seedDemoRoles(tx, accounts);
    await seedDemoOperators(tx, { accounts, roles, hashes });

    const salonId = await seedDemoSalons(tx, accounts);
    await seedDemoOnlineBooking(tx, salonId);
    const { staffIds, roomIds } = await seedDemoResources(tx, salonId);
    const courses = await seedDemoCourses(tx, salonId);
    const staff = DEMO_STAFF.map((member, index) => ({
      id: staffIds[index] ?? 0,
      daysOff: member.daysOff,
    }));
    const hoursOf = await seedDemoShifts(tx, { salonId, staff, roomIds, today });
    await seedDemoReservations(tx, {
      salon: { id: salonId, accountId: accounts.salonAccountId },
      staffIds,
      roomIds,
      courses,
      hoursOf,
      today,
    });
    await seedDemoTel(tx, accounts.salonAccountId, DEMO_SHOP_NAME);
    await seedDemoCommonVars(tx, accounts.salonAccountId, DEMO_SHOP_NAME);
    await seedDemoCrm(tx, accounts.salonAccountId, salonId);
    const friendIds = (await demoFriendsOf(tx, accounts.salonAccountId)).map((friend) => friend.id);
    await seedDemoBoard(tx, { accountId: accounts.salonAccountId, memberIds: friendIds, today });
    await seedDemoChats(tx, { accountId: accounts.salonAccountId, memberIds: friendIds, now });
    await seedDemoNotificationHistory(tx, { accountId: accounts.salonAccountId, now });
    await seedDemoEvents(tx, { accountId: accounts.salonAccountId, memberIds: friendIds, now });
    // The friends log from the rows above, as the migration backfills it (decision 0360).
    await backfillFriendEvents(tx);
  });
  return true;
}

/**
 * The salon's LINE side, so every screen of the console shows how it is used: tags and friend
 * information on its friends, a counselling form they answered, segments, templates, journeys,
 * triggers with their log, and step messages. Bulk inserts: the demo is seeded in every test.
 */
async function seedDemoCrm(tx: Database, accountId: number, salonId: number) {
  const friends = await demoFriendsOf(tx, accountId);
  const memberIds = friends.map((friend) => friend.id);
  const tags = await seedDemoTags(tx, accountId, memberIds);
  const fields = await seedDemoFriendInfo(tx, accountId, memberIds);
  const { counselling } = await seedDemoForms(tx, {
    accountId,
    memberIds,
    fields: {
      length: { ...fields['髪の長さ'], type: 'choice' },
      worries: { ...fields['髪のお悩み'], type: 'multi_choice' },
      birthday: { ...fields['お誕生日'], type: 'date' },
      notes: { ...fields['アレルギー・注意事項'], type: 'text' },
      referrer: { ...fields['ご紹介者'], type: 'text' },
    },
  });
  const length = fields['髪の長さ'];
  const segments = await seedDemoSegments(tx, {
    accountId,
    tags: { repeater: tags['リピーター'], colour: tags['カラー'], dormant: tags['休眠'] },
    length: {
      id: length.id,
      longChoices: [length.choices['ミディアム']!, length.choices['ロング']!],
    },
  });
  const templates = await seedDemoTemplates(tx, {
    accountId,
    formCode: counselling.code,
    bookingUrl: 'https://tsunagu-salon.example.jp/reserve',
    birthdayFieldId: fields['お誕生日'].id,
  });
  const newcomer = tags['新規'];
  const { afterPurchase } = await seedDemoJourneys(tx, {
    accountId,
    salonId,
    members: friends,
    tags: { newcomer, campaign: tags['冬のキャンペーン参加'] },
    segments,
    templates,
  });
  await seedDemoTriggers(tx, {
    accountId,
    memberIds,
    journeyId: afterPurchase,
    tags: { repeater: tags['リピーター'], campaign: tags['冬のキャンペーン参加'] },
    templates,
    segments,
  });
  await seedDemoEpisodes(tx, {
    accountId,
    templates,
    tags: { newcomer, repeater: tags['リピーター'] },
  });
  await seedDemoNotifications(tx, {
    accountId,
    campaignTag: tags['冬のキャンペーン参加'],
    repeaters: segments.repeaters,
    templateId: templates.winter,
  });
}

/** Writes the demo data into an empty database when SEED_DEMO is on (the default). */
export const demoSeedPlugin = fp(async (app: FastifyInstance) => {
  const since = performance.now();
  if (app.config.SEED_DEMO && (await seedDemo(app.db, app.config.DEMO_PASSWORD))) {
    app.log.info({ ms: Math.round(performance.now() - since) }, 'demo data seeded');
  }
});
