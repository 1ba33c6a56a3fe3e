import type { RichMenuAction, RichMenuArea } from '@tsunagu/contracts';
import type { Executor } from '../../db/types.js';
import type { PostbackSigner } from '../postback-signing/index.js';

/** The alias LINE knows one of our menus by (tabs switch through it): ≤ 32, `[a-z0-9_-]`. */
export const aliasIdOf = (accountId: number, richMenuId: number) =>
  `tsg-a${accountId}-m${richMenuId}`;

export interface MenuForLine {
  id: number;
  name: string;
  chatBarText: string;
  selected: boolean;
  width: number;
  height: number;
  areas: RichMenuArea[];
}

/**
 * Our menu as LINE's RichMenuRequest (messaging-api.yml): an area's action in our terms becomes
 * LINE's — a postback or date picker carries the action set's signed data naming the menu and
 * the area (decisions 0251, 0262), a tab switch the other menu's alias and our own data.
 */
export async function lineMenuBody(
  db: Executor,
  signer: PostbackSigner,
  accountId: number,
  menu: MenuForLine,
) {
  const actionOf = async (action: RichMenuAction, area: number) => {
    const label = action.label ? { label: action.label } : {};
    switch (action.type) {
      case 'uri':
        return { type: 'uri', uri: action.uri, ...label };
      case 'message':
        return { type: 'message', text: action.text, ...label };
      case 'postback':
        return {
          type: 'postback',
          data: await signer.dataFor(db, accountId, action.action_set_id, {
            richMenuId: menu.id,
            area,
          }),
          ...label,
        };
      case 'datetimepicker':
        return {
          type: 'datetimepicker',
          mode: action.mode,
          data: await signer.dataFor(db, accountId, action.action_set_id, {
            richMenuId: menu.id,
            area,
          }),
          ...label,
        };
      case 'richmenuswitch':
        return {
          type: 'richmenuswitch',
          richMenuAliasId: aliasIdOf(accountId, action.rich_menu_id),
          data: `tsg:tab:${action.rich_menu_id}`,
          ...label,
        };
    }
  };
  return {
    size: { width: menu.width, height: menu.height },
    selected: menu.selected,
    name: menu.name,
    chatBarText: menu.chatBarText,
    areas: await Promise.all(
      menu.areas.map(async (area, index) => ({
        bounds: area.bounds,
        action: await actionOf(area.action, index),
      })),
    ),
  };
}
