/** RSV-04: every salon call sits under /api/salon/{salonId}. */
export function salonPath(salonId: number, rest: string): string {
  return `/api/salon/${salonId}${rest}`;
}

/** RSV-07: a failed fetch is only logged, never shown. */
export function logFetchFailure(what: string, error: unknown): void {
  console.error(`salon: ${what} の取得に失敗しました`, error);
}
