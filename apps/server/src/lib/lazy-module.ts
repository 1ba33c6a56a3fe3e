/**
 * A heavy library that only rare routes need, loaded on their first call instead of at start-up
 * (decision 0460): the server's memory and start-up time stay with what every request uses. A
 * failed load is tried again on the next call.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
