import { secretsKeyOf, type Config } from '../../config.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { createPostbackSigner } from './postback-signature.js';

/**
 * Signed postback data (decisions 0251, 0262). Its own module below both of its users — actions
 * read postbacks back, rich menus sign their areas' postbacks — so neither imports the other
 * for it.
 */
export const signerOf = (config: Config) =>
  createPostbackSigner(createSecretBox(secretsKeyOf(config)));

export {
  createPostbackSigner,
  type PostbackOrigin,
  type PostbackSigner,
} from './postback-signature.js';
