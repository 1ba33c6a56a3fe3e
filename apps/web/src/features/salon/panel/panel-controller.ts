/** TML-09: the pause between closing one panel and opening the next. */
export const PANEL_SWITCH_DELAY_MS = 250;

/** TML-07: the four forms the side panel hosts, and the front desk's lists (issue 26). */
export type PanelForm =
  | 'time-shift'
  | 'block-time'
  | 'reservation'
  | 'reservation-detail'
  | 'pending'
  | 'search'
  | 'customer';

export type PanelContent = { form: PanelForm; key: string; props?: unknown };

/**
 * The side panel's opening rules, without React so they can be tested with fake timers:
 * - TML-08: with nothing open, a panel shows at once;
 * - TML-09: with one open, it closes first and the new one opens 250 ms later (a later request
 *   during the pause replaces the waiting one);
 * - TML-10: asking for the detail of the reservation already shown does nothing.
 */
export function createPanelController(
  onChange: (content: PanelContent | null) => void,
  delayMs = PANEL_SWITCH_DELAY_MS,
) {
  let current: PanelContent | null = null;
  let waiting: { content: PanelContent; timer: ReturnType<typeof setTimeout> } | null = null;

  const show = (content: PanelContent | null) => {
    current = content;
    onChange(content);
  };
  const cancelWaiting = () => {
    if (waiting) clearTimeout(waiting.timer);
    waiting = null;
  };

  return {
    open(content: PanelContent) {
      const target = waiting?.content ?? current;
      if (
        content.form === 'reservation-detail' &&
        target?.form === 'reservation-detail' &&
        target.key === content.key
      )
        return;
      if (!current && !waiting) {
        show(content);
        return;
      }
      cancelWaiting();
      if (current) show(null);
      waiting = {
        content,
        timer: setTimeout(() => {
          waiting = null;
          show(content);
        }, delayMs),
      };
    },
    close() {
      cancelWaiting();
      if (current) show(null);
    },
    current: () => current,
    dispose: cancelWaiting,
  };
}

export type PanelController = ReturnType<typeof createPanelController>;
