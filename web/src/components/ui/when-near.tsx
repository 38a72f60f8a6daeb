import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import './skeleton.css';

/**
 * How far below (and above) the window a placeholder starts its section: a third of a phone's
 * screen ahead, so a gardener scrolling at reading speed finds the section drawn, while the
 * sections a phone's first screen does not reach stay out of its load.
 */
const NEAR_MARGIN = '300px 0px';

/**
 * WhenNear draws its children once their place comes near the window, and until then a
 * skeleton block of `height` in that place: a long page's sections below the fold then cost
 * nothing while the first screen loads on a phone (no code, no request, no render), and the
 * block keeps their room, so nothing above them moves when they arrive.
 *
 * A key press anywhere (the Tab key moving through the page) draws every waiting section at
 * once, so the keyboard's order never skips one. Without IntersectionObserver (jsdom, very old
 * browsers) the children are drawn at once.
 */
export function WhenNear({
  height,
  className,
  children,
}: {
  /** The placeholder's height; without it, `className` gives it (a height for each width). */
  height?: CSSProperties['height'];
  className?: string;
  children: ReactNode;
}) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const show = () => setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      rootMargin: NEAR_MARGIN,
    });
    observer.observe(element);
    window.addEventListener('keydown', show, { once: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', show);
    };
  }, [near]);
  if (near) return children;
  return (
    <div ref={place} className={['skeleton', className].filter(Boolean).join(' ')} style={{ height }} aria-hidden="true" data-when-near="" />
  );
}
