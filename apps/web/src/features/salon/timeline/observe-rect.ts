import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * The viewport size for TanStack Virtual, falling back to the height we gave the scroller when
 * the element reports none (before layout, or in a document without layout such as jsdom).
 */
export function observeRectWithFallback(height: number) {
  return (
    instance: Virtualizer<HTMLDivElement, Element>,
    callback: (rect: { width: number; height: number }) => void,
  ) => {
    const element = instance.scrollElement;
    if (!element) return;
    const report = () => {
      const rect = element.getBoundingClientRect();
      callback({ width: rect.width || 1200, height: rect.height || height });
    };
    report();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(report);
    observer?.observe(element);
    return () => observer?.disconnect();
  };
}
