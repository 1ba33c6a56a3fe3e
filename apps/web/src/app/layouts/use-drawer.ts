import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useMediaQuery } from './use-media-query';

/** Below 768 px the side menu is a drawer opened from the header (ADR 0060; layouts.css). */
export const NARROW_SCREEN_QUERY = '(max-width: 767.98px)';
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The menu drawer of narrow screens: opened by the header's button; closed by the button again,
 * Escape, a tap beside it, or moving to another page. While open, focus starts inside it, and
 * Escape or a tap beside it hands focus back to the button. Wider screens never see it open.
 */
export function useDrawer() {
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const [wanted, setWanted] = useState(false);
  const open = wanted && narrow;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  // Another page: the drawer has done its job. (Derived from the location, not an effect, so
  // the new page never renders under an open drawer.)
  const { key } = useLocation();
  const [shownAt, setShownAt] = useState(key);
  if (shownAt !== key) {
    setShownAt(key);
    if (wanted) setWanted(false);
  }

  // A link in the drawer was followed: the drawer (and the focused link) is gone, so the
  // keyboard continues at the new page rather than at the top of the document.
  const firstKey = useRef(key);
  useEffect(() => {
    if (!narrow || key === firstKey.current) return;
    const active = document.activeElement;
    if (active === document.body || panelRef.current?.contains(active)) {
      document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
    }
    // Only a change of page matters here, not a change of width.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const close = useCallback(() => {
    setWanted(false);
    toggleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog above the drawer (e.g. the leave question) takes its own Escape.
      if (event.key === 'Escape' && !document.querySelector('[aria-modal="true"]')) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close]);

  return {
    open,
    toggleRef,
    panelRef,
    toggle: () => setWanted((current) => !current),
    close,
  };
}
