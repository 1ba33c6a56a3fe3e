import { useCallback, useState } from 'react';
import { ZOOM_STEPS, type Zoom } from './fit';

/** Where this device remembers the timeline's zoom (issue 26). */
export const ZOOM_STORAGE_KEY = 'tsunagu.salon.timeline.zoom';

function storedZoom(): Zoom {
  try {
    const raw = window.localStorage.getItem(ZOOM_STORAGE_KEY);
    return ZOOM_STEPS.find((step) => String(step) === raw) ?? 'fit';
  } catch {
    // Storage refused (private mode, a policy): the day fits, as on a first visit.
    return 'fit';
  }
}

/**
 * The timeline's zoom (fit, 15/30/60 min per column), remembered per device in localStorage:
 * a reception PC keeps its 15 分 after a reload, a phone its own choice. Anything stored that
 * is not a step reads as fit.
 */
export function useRememberedZoom(): [Zoom, (zoom: Zoom) => void] {
  const [zoom, setZoom] = useState<Zoom>(storedZoom);
  const remember = useCallback((next: Zoom) => {
    setZoom(next);
    try {
      window.localStorage.setItem(ZOOM_STORAGE_KEY, String(next));
    } catch {
      // Not remembered; the choice still holds until the page is left.
    }
  }, []);
  return [zoom, remember];
}
