import { salonConfigs, salonOnlineConfigs } from '../../db/schema/index.js';
import type { Executor } from '../../db/types.js';

/**
 * The demo salon takes online bookings (issue 12): `npm start` shows the customer's page at
 * `/r/{publicKey}` with the shop's details, and the console gets its bookings live. The
 * questions to customers are left for the owner to add (the settings' オンライン予約ページ);
 * everything else keeps the configs' defaults (instant confirmation, 30-minute slots).
 */
export async function seedDemoOnlineBooking(tx: Executor, salonId: number) {
  await tx
    .insert(salonConfigs)
    .values({ salonId, enableOnline: true })
    .onConflictDoUpdate({ target: salonConfigs.salonId, set: { enableOnline: true } });
  const online = {
    isPublic: true,
    title: 'ヘアサロン つなぐ 渋谷店 オンライン予約',
    notice: 'ご予約の変更・キャンセルは前日までにお願いします。',
    shopInfo: {
      name: 'ヘアサロン つなぐ 渋谷店',
      tel: '03-1234-5678',
      address: '東京都渋谷区道玄坂1-2-3',
      url: '',
      description: '',
    },
  };
  // The salon's row exists from its creation (salons/seed.ts); the demo fills it in.
  await tx
    .insert(salonOnlineConfigs)
    .values({ salonId, ...online })
    .onConflictDoUpdate({ target: salonOnlineConfigs.salonId, set: online });
}
