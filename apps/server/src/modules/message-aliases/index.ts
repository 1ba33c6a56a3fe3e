/**
 * Message aliases (REF-14..16, decisions 0156, 0157): a message's `{{var:…}}`,
 * `{{commonVar:…}}` and `{{form:…}}` rendered with one friend's values before it is sent.
 */
export {
  createMessageRenderer,
  friendVarLookup,
  type AliasResolver,
  type AliasResolvers,
  type RenderMessage,
} from './render-message.js';
export { renderMessages } from './render-messages.js';
export { japaneseDate } from './var-text.js';
