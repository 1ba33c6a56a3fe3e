import type { Executor } from '../../db/types.js';
import { insertGroup, insertItem } from './repository.js';

/** The demo shop's common information: what its messages quote by code. */
export async function seedDemoCommonVars(db: Executor, accountId: number, shopName: string) {
  const shop = await insertGroup(db, accountId, '店舗情報');
  const items = [
    { name: '店舗名', type: 'text', code: 'shop_name', value: shopName, groupId: shop },
    { name: '店舗電話番号', type: 'text', code: 'tel', value: '03-6555-0123', groupId: shop },
    {
      name: '住所',
      type: 'text',
      code: 'address',
      value: '東京都渋谷区神南1-2-3 つなぐビル2F',
      groupId: shop,
    },
    {
      name: '冬のキャンペーン終了日',
      type: 'date',
      code: 'winter_end',
      value: '2027-02-28',
      groupId: null,
    },
  ];
  for (const item of items) await insertItem(db, accountId, item);
}
