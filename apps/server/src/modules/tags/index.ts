import type { FastifyInstance } from 'fastify';
import { tagRoutes } from './routes.js';
import { createTagsService } from './service.js';

export { tagsOfFriends } from './repository.js';
export { tagMemberByName } from './tag-by-name.js';
export { changeMemberTags } from './member-tag-changes.js';

/** Friend tags (issue 13): `/api/line/tags`, `/api/line/tag_groups`, `/api/line/friends/{id}/tags`. */
export async function tagsModule(api: FastifyInstance) {
  await api.register(tagRoutes, { tags: createTagsService({ db: api.db }) });
}
export { seedDemoTags } from './seed.js';
