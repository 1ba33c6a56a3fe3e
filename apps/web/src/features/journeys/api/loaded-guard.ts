import { JOURNEY_TEXT } from '@tsunagu/contracts';
import { refusalText } from '@/lib/api-error';

/** What the journey screens update, each with the message when it is not in the loaded list. */
export const NOT_LOADED = {
  journey: JOURNEY_TEXT.notFound,
  group: JOURNEY_TEXT.groupNotFound,
  tag: JOURNEY_TEXT.tagNotFound,
} as const;

/** Refused on the client before any call: the kind and the id that was not loaded. */
export class NotLoadedError extends Error {
  override readonly name = 'NotLoadedError';
}

/**
 * JRN-26..28: updating a journey, folder or journey tag that is not in the list the screen
 * loaded is an error, raised before anything is sent (the list is stale; reload it).
 */
export function assertLoaded(
  loaded: readonly { id: number }[] | undefined,
  id: number,
  kind: keyof typeof NOT_LOADED,
): void {
  if (!loaded?.some((item) => item.id === id)) throw new NotLoadedError(NOT_LOADED[kind]);
}

/** §8 for journey calls, and the client's own refusal (JRN-26..28) in the same words. */
export function journeyErrorText(error: unknown): string {
  return error instanceof NotLoadedError ? error.message : refusalText(error);
}
