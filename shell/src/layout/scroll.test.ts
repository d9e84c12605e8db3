import { installScrollRestoration, RESTORE_WAIT_MS, SCROLL_SAVE_DELAY_MS } from './scroll';

/** A window whose page grows when the test says so, with a history entry's state and the scroll position. */
function fakeWindow() {
  const listeners = new Map<string, Set<() => void>>();
  let resized: (() => void) | null = null;
  const win = {
    scrollY: 0,
    innerHeight: 800,
    history: { state: null as unknown, scrollRestoration: 'auto' as ScrollRestoration, replaceState: jest.fn() },
    document: { documentElement: { scrollHeight: 800 } },
    scrollTo: jest.fn((_x: number, y: number) => {
      win.scrollY = Math.min(y, win.document.documentElement.scrollHeight - win.innerHeight);
    }),
    addEventListener: (type: string, listener: () => void) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
    },
    removeEventListener: (type: string, listener: () => void) => listeners.get(type)?.delete(listener),
    setTimeout: (run: () => void, ms: number) => window.setTimeout(run, ms),
    clearTimeout: (id: number | undefined) => window.clearTimeout(id),
    ResizeObserver: class {
      constructor(callback: () => void) {
        resized = callback;
      }
      observe() {}
      disconnect() {
        resized = null;
      }
    } as unknown as typeof ResizeObserver,
  };
  win.history.replaceState.mockImplementation((state: unknown) => (win.history.state = state));
  const fire = (type: string) => listeners.get(type)?.forEach((listener) => listener());
  const grow = (height: number) => {
    win.document.documentElement.scrollHeight = height;
    resized?.();
  };
  return { win, fire, grow };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('scroll restoration', () => {
  it('keeps the position in the history entry once scrolling settled for 200 ms', () => {
    const { win, fire } = fakeWindow();
    installScrollRestoration(win);
    expect(win.history.scrollRestoration).toBe('manual');
    win.scrollY = 300;
    fire('scroll');
    jest.advanceTimersByTime(SCROLL_SAVE_DELAY_MS - 1);
    expect(win.history.replaceState).not.toHaveBeenCalled();
    win.scrollY = 400;
    fire('scroll');
    jest.advanceTimersByTime(SCROLL_SAVE_DELAY_MS);
    expect(win.history.state).toEqual({ scrollY: 400 });
  });

  it('going back returns to the kept position as soon as the page has grown tall enough for it', () => {
    const { win, fire, grow } = fakeWindow();
    installScrollRestoration(win);
    win.history.state = { scrollY: 1500 };
    fire('popstate');
    expect(win.scrollY).toBe(0);
    grow(1800);
    expect(win.scrollY).toBe(1000);
    grow(2400);
    expect(win.scrollY).toBe(1500);
    // Reached: the page growing further moves nothing.
    win.scrollY = 1600;
    grow(3000);
    expect(win.scrollY).toBe(1600);
  });

  it('a visitor who scrolls meanwhile wins, and the page gives up waiting after a while', () => {
    const { win, fire, grow } = fakeWindow();
    installScrollRestoration(win);
    win.history.state = { scrollY: 1500 };
    fire('popstate');
    fire('wheel');
    grow(3000);
    expect(win.scrollY).toBe(0);

    win.document.documentElement.scrollHeight = 800;
    fire('popstate');
    jest.advanceTimersByTime(RESTORE_WAIT_MS);
    grow(4000);
    expect(win.scrollY).toBe(0);
  });
});
