import type { FastifyInstance } from 'fastify';
import { messageImageRoutes } from './routes.js';
import { createMessageImages } from './service.js';

/** Images attached to messages (issue 24, decision 0305), under `/api`. */
export async function messageImagesModule(api: FastifyInstance) {
  await api.register(messageImageRoutes, { images: createMessageImages({ db: api.db }) });
}
export { imageMessageOf, imageUrls, MESSAGE_IMAGE_PATH } from './service.js';
