/**
 * Runs `then` once a save succeeds, even if the form that asked was replaced meanwhile. Editors
 * keyed by their record's `updated_at` remount when the save's refresh lands, and React Query drops
 * a `mutate(…, { onSuccess })` callback whose component has unmounted: the toast and the way back
 * after a save were lost whenever the refresh won the race (seen under CI load, decision 0530).
 * Pass `mutation.mutateAsync(…)`; a failure stays on the mutation's state, where the form shows it.
 */
export function afterSave<T>(saving: Promise<T>, then: (saved: T) => void): void {
  saving.then(then, () => undefined);
}
