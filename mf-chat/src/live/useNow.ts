import { useEffect, useState } from 'react';

/** The local time in ms, ticking every second while mounted: drives running times and countdowns. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Whole seconds from `fromMs` to `toMs`, never below zero. */
export const secondsBetween = (fromMs: number, toMs: number) => Math.max(0, Math.floor((toMs - fromMs) / 1000));
