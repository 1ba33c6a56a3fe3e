export {
  ALIAS_TYPE_LABELS,
  INSERT_ALIAS_TEXT,
  InsertAliasMenu,
  type InsertAliasMenuProps,
} from './insert-alias-menu';
export { insertAtCursor } from './insert-at-cursor';
