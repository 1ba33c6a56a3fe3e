import { randomInt } from 'node:crypto';
import { TRACKER_CODE_LENGTH } from '@tsunagu/contracts';

// No 0/o, 1/l/i: a code read off a printed flyer is typed right.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new public code (decision 0330): random, 10 characters, never 'callback'. */
export function newTrackerCode(): string {
  let code = '';
  for (let i = 0; i < TRACKER_CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Whether a path's code can be a tracker's (anything else is 404 without a query). */
export const isTrackerCode = (text: string) =>
  text.length === TRACKER_CODE_LENGTH && [...text].every((c) => ALPHABET.includes(c));
