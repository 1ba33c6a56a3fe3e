/**
 * Rounds of background work that never overlap: a call while a round runs asks for exactly one
 * more round after it, so a wake-up arriving mid-round is never lost and a burst of wake-ups costs
 * one extra round. Each caller's promise settles when the rounds it asked for are done; a failed
 * round is reported to `onError` and does not stop the next.
 */
export function coalescedRounds(
  round: () => Promise<void>,
  options: { stopped: () => boolean; onError: (error: unknown) => void },
) {
  let running: Promise<void> | null = null;
  let again = false;
  return {
    run(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await round().catch(options.onError);
        } while (again && !options.stopped());
        running = null;
      })();
      return running;
    },
    /** The round in progress, if any (stop() awaits it). */
    current: (): Promise<void> | null => running,
  };
}
