/**
 * The state updater for a form once its save is answered: the saved values replace the draft only
 * if the draft is still the one that was sent. An edit made while the save was on its way (a
 * receptionist does not wait for the spinner) stays, and stays unsaved, instead of being wiped by
 * the answer. Drafts are immutable state, so "still the one sent" is reference equality.
 */
export function savedUnlessEdited<T>(sent: T, saved: T): (now: T) => T {
  return (now) => (Object.is(now, sent) ? saved : now);
}
