/**
 * Runs `then` once a write succeeds (or `failed` if it fails), even if the component that asked
 * was unmounted meanwhile. React Query drops a `mutate(…, { onSuccess })` callback whose component
 * has unmounted, and a write's own refresh can unmount it: an editor keyed by its record's
 * `updated_at` is replaced by the refreshed one, and a delete section goes with the page when the
 * deleted record's refresh answers 404 — the toast and the way back were lost (decision 0530).
 * Pass `mutation.mutateAsync(…)`; the mutation's state still carries the error for a form.
 */
export function afterWrite<T>(
  writing: Promise<T>,
  then: (done: T) => void,
  failed: (error: unknown) => void = () => undefined,
): void {
  void writing.then(then, failed);
}
