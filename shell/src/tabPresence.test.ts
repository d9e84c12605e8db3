import { TITLE_ANIMATION_MS, tickerFrame, watchTabPresence } from './tabPresence';

function visibility(initial: DocumentVisibilityState) {
  let state = initial;
  jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
  return (next: DocumentVisibilityState) => {
    state = next;
    document.dispatchEvent(new Event('visibilitychange'));
  };
}

describe('tab leave and comeback', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.parse('2026-05-01T12:00:00Z') });
    document.title = 'Velvet';
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('tracks the leave and the comeback with the time away, and runs the title as a ticker every 100 ms meanwhile', () => {
    const show = visibility('visible');
    const track = jest.fn();
    const stop = watchTabPresence({ document, window, track, message: () => 'Come back!' });
    show('hidden');
    expect(track).toHaveBeenLastCalledWith({ context: 'tab', action: 'leave' });
    const text = 'Come back! · Velvet · ';
    // A title reads back without white space at its ends.
    expect(document.title).toBe(text.trim());
    jest.advanceTimersByTime(TITLE_ANIMATION_MS - 1);
    expect(document.title).toBe(text.trim());
    jest.advanceTimersByTime(1);
    expect(document.title).toBe('ome back! · Velvet · C');
    jest.advanceTimersByTime(TITLE_ANIMATION_MS * 4);
    expect(document.title).toBe(tickerFrame(text, 5).trim());
    expect(document.title).toBe('back! · Velvet · Come');

    jest.advanceTimersByTime(3_000 - TITLE_ANIMATION_MS * 5);
    show('visible');
    expect(document.title).toBe('Velvet');
    expect(track).toHaveBeenLastCalledWith({ context: 'tab', action: 'comeback', data: { awayMs: 3_000 } });
    jest.advanceTimersByTime(TITLE_ANIMATION_MS * 3);
    expect(document.title).toBe('Velvet');
    expect(track).toHaveBeenCalledTimes(2);
    stop();
    show('hidden');
    expect(track).toHaveBeenCalledTimes(2);
  });

  it('the ticker wraps round the text', () => {
    expect(tickerFrame('abc', 0)).toBe('abc');
    expect(tickerFrame('abc', 2)).toBe('cab');
    expect(tickerFrame('abc', 3)).toBe('abc');
  });

  it('stands still for a visitor who asked for reduced motion, and leaves a title the page changed meanwhile', () => {
    const show = visibility('visible');
    const matchMedia = jest.fn((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    const stop = watchTabPresence({ document, window, track: jest.fn(), message: () => 'Komm zurück!' });
    show('hidden');
    expect(document.title).toBe('Komm zurück!');
    jest.advanceTimersByTime(TITLE_ANIMATION_MS * 3);
    expect(document.title).toBe('Komm zurück!');
    document.title = 'Anna - Velvet';
    show('visible');
    expect(document.title).toBe('Anna - Velvet');
    stop();
    Reflect.deleteProperty(window, 'matchMedia');
  });
});
