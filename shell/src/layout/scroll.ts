import { useEffect } from 'react';

/** How long the page's position settles before it is kept: the scroll listener's delay. */
export const SCROLL_SAVE_DELAY_MS = 200;
/** How long a restored position waits for the page to grow tall enough (its parts render after navigation). */
export const RESTORE_WAIT_MS = 5000;

let locks = 0;

/**
 * Keeps the page behind still while `locked` (the mobile menu over it): the document does not scroll, the menu
 * does. Several lockers may hold it at once; the last to let go unlocks.
 */
export function useBodyScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    locks += 1;
    root.classList.add('vv-scroll-locked');
    return () => {
      locks -= 1;
      if (locks === 0) root.classList.remove('vv-scroll-locked');
    };
  }, [locked]);
}

/** What scroll restoration reads of a window. */
export interface ScrollWindow {
  scrollY: number;
  innerHeight: number;
  scrollTo(x: number, y: number): void;
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void): void;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number | undefined): void;
  history: Pick<History, 'state' | 'replaceState' | 'scrollRestoration'>;
  document: { documentElement: Pick<HTMLElement, 'scrollHeight'> };
  ResizeObserver?: typeof ResizeObserver;
}

/**
 * Scroll restoration for in-page navigation: each history entry keeps the position the visitor left it at (in its
 * state, saved once scrolling settles and before a link is followed), and going back or forward, or reloading,
 * returns there as soon as the page has grown tall enough for it: the page's parts render after the route changed,
 * so the browser's own restoration would find a page too short. A visitor who scrolls meanwhile wins.
 */
export function installScrollRestoration(win: ScrollWindow) {
  win.history.scrollRestoration = 'manual';
  const save = () => {
    const state: unknown = win.history.state;
    win.history.replaceState({ ...(typeof state === 'object' ? state : null), scrollY: win.scrollY }, '');
  };
  let saveTimer: number | undefined;
  const onScroll = () => {
    win.clearTimeout(saveTimer);
    saveTimer = win.setTimeout(save, SCROLL_SAVE_DELAY_MS);
  };

  let stopRestoring = () => {};
  const restore = () => {
    stopRestoring();
    const target = (win.history.state as { scrollY?: unknown } | null)?.scrollY;
    if (typeof target !== 'number') return;
    const reachable = () => win.document.documentElement.scrollHeight - win.innerHeight >= target;
    const attempt = () => {
      win.scrollTo(0, target);
      if (reachable()) stopRestoring();
    };
    const observer = win.ResizeObserver ? new win.ResizeObserver(attempt) : null;
    const timer = win.setTimeout(() => stopRestoring(), RESTORE_WAIT_MS);
    const userScrolls = () => stopRestoring();
    stopRestoring = () => {
      observer?.disconnect();
      win.clearTimeout(timer);
      for (const type of ['wheel', 'touchstart', 'keydown'] as const) win.removeEventListener(type, userScrolls);
      stopRestoring = () => {};
    };
    for (const type of ['wheel', 'touchstart', 'keydown'] as const)
      win.addEventListener(type, userScrolls, { passive: true });
    observer?.observe(win.document.documentElement as Element);
    attempt();
  };

  win.addEventListener('scroll', onScroll, { passive: true });
  win.addEventListener('popstate', restore);
  restore();
  return {
    /** Keeps the current position for this entry now (before a navigation pushes the next one). */
    save,
    dispose: () => {
      stopRestoring();
      win.clearTimeout(saveTimer);
      win.removeEventListener('scroll', onScroll);
      win.removeEventListener('popstate', restore);
    },
  };
}
