/** PostgreSQL serialisation failures and deadlocks: the statement may simply be run again. */
function retryableDbError(error: unknown): boolean {
  const code =
    (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '40P01' || code === '40001';
}

/** Runs `work` again (up to five times, briefly spaced) after a deadlock or serialisation failure. */
export async function withDbRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 5 || !retryableDbError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
    }
  }
}
