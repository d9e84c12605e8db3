import { useEffect, useState } from 'react';

/** The navbar hides on a downward scroll of more than 10 px once below 50 px from the top; show on scroll up. */
export const HIDE_DELTA_PX = 10;
export const HIDE_FROM_PX = 50;

export function nextNavbarHidden(hidden: boolean, previousY: number, y: number): boolean {
  const delta = y - previousY;
  if (delta > HIDE_DELTA_PX && y > HIDE_FROM_PX) return true;
  if (delta < 0) return false;
  return hidden;
}

/** Whether the navbar is hidden, following the window's scroll position. */
export function useNavbarHidden(given?: Window): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const win = given ?? window;
    let previousY = win.scrollY;
    const onScroll = () => {
      const y = win.scrollY;
      const from = previousY; // the updater runs later, after previousY moved on
      setHidden((current) => nextNavbarHidden(current, from, y));
      // small downward moves accumulate until they pass the threshold
      if (y < previousY || y - previousY > HIDE_DELTA_PX) previousY = y;
    };
    win.addEventListener('scroll', onScroll, { passive: true });
    return () => win.removeEventListener('scroll', onScroll);
  }, [given]);
  return hidden;
}
