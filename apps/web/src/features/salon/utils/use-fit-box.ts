import { useEffect, useRef, useState } from 'react';

/**
 * The width of a box and the height left below its top edge in the window (the timeline takes
 * both: the day fits the width and the rows the height, decision 0276). Measured on resize.
 */
export function useFitBox<E extends HTMLElement>(fallback: { width: number; height: number }) {
  const ref = useRef<E>(null);
  const [box, setBox] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const top = rect.top + window.scrollY;
      const width = Math.round(rect.width) || fallback.width;
      const height = Math.max(320, Math.round(window.innerHeight - top - 16));
      setBox((current) =>
        current.width === width && current.height === height ? current : { width, height },
      );
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [fallback.width]);
  return { ref, ...box };
}
