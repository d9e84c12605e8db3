import { useEffect, useState, useSyncExternalStore } from 'react';

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

/** The mobile menu shows when the viewport is under 1023 px wide. */
export const MOBILE_MENU_MAX_WIDTH = 1022;

/**
 * Whether the viewport is a phone's. The server (and so the hydrating render) cannot know: it answers no, and the
 * browser's answer follows right after hydration.
 */
export function useIsMobile(given?: Window): boolean {
  const query = `(max-width: ${MOBILE_MENU_MAX_WIDTH}px)`;
  const list = () => (given ?? window).matchMedia?.(query);
  return useSyncExternalStore(
    (onChange) => {
      const media = list();
      media?.addEventListener('change', onChange);
      return () => media?.removeEventListener('change', onChange);
    },
    () => list()?.matches ?? false,
    () => false,
  );
}
