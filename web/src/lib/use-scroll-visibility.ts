import { useEffect, useRef, useState } from 'react';
import { HEADER_SHOW_THRESHOLD_PX } from './config';

/**
 * useScrollVisibility tells whether a hide-on-scroll header should show: hidden while the
 * page scrolls down, shown again on scrolling up or within 10 px of the top.
 */
export function useScrollVisibility(threshold = HEADER_SHOW_THRESHOLD_PX): boolean {
  const [visible, setVisible] = useState(true);
  const lastY = useRef(0);

  useEffect(() => {
    lastY.current = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        const y = Math.max(window.scrollY, 0);
        if (y < threshold) setVisible(true);
        else if (y > lastY.current) setVisible(false);
        else if (y < lastY.current) setVisible(true);
        lastY.current = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);

  return visible;
}
