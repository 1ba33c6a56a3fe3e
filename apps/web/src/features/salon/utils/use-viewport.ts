import { useEffect, useState } from 'react';

/** The window's size, for the timeline's height and scale (narrow screens get a tighter scale). */
export function useViewport() {
  const read = () => ({ width: window.innerWidth || 1440, height: window.innerHeight || 900 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const narrow = size.width < 768;
  return {
    ...size,
    narrow,
    pxPerMinute: narrow ? 1.5 : 2,
    labelWidth: narrow ? 96 : 168,
    gridHeight: Math.max(320, size.height - (narrow ? 220 : 300)),
  };
}
