import { useEffect, useRef, useState } from 'react';

/** How long a meter takes to roll up to its new value. */
export const COUNT_UP_MS = 900;

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A meter as a machine shows one: a higher value rolls up to it (easing out over COUNT_UP_MS), a
 * lower one is shown at once. The value is the machine's word; only its showing is animated, and
 * with reduced motion it is shown as it comes.
 */
export function useCountUp(value: number | null | undefined): number | null | undefined {
  const [shown, setShown] = useState(value);
  const current = useRef(value);
  useEffect(() => {
    const from = current.current;
    if (value === null || value === undefined || from === null || from === undefined || value <= from || reducedMotion()) {
      current.current = value;
      setShown(value);
      return;
    }
    const started = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - started) / COUNT_UP_MS);
      const eased = 1 - (1 - progress) ** 3;
      current.current = progress === 1 ? value : Math.round(from + (value - from) * eased);
      setShown(current.current);
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [value]);
  return shown;
}
