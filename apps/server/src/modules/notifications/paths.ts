import { aliasesIn, type NotificationAudience } from '@tsunagu/contracts';

/** True when a message names an insertable: it is rendered per friend (one push each). */
export const isPersonal = (messages: readonly unknown[]) =>
  aliasesIn(JSON.stringify(messages)).length > 0;

/**
 * How a お知らせ goes (decision 0227): one narrowcast when it is for all friends and nothing is
 * personalised; multicasts of 500 for a segment or tags; one push per friend when personalised.
 */
export const pathOf = (audience: NotificationAudience, personal: boolean) =>
  personal ? 'push' : audience.kind === 'all' ? 'narrowcast' : 'multicast';
