import { TAB_EVENTS, type TrackEvent } from '@velvet/contracts';

/** The tab title's animation moves one character on at this interval (spec: 100 ms). */
export const TITLE_ANIMATION_MS = 100;

export interface TabPresenceOptions {
  document: Document;
  window: Window;
  /** The platform's `telemetry.track`, which sends only with analytics consent. */
  track: (event: Omit<TrackEvent, 'timestamp'>) => void;
  /** What the title calls the visitor back with, in the page's language. */
  message: () => string;
}

/** The title as a ticker: the text from `offset` on, then its start again. */
export const tickerFrame = (text: string, offset: number) => {
  const at = offset % text.length;
  return text.slice(at) + text.slice(0, at);
};

/**
 * A hidden tab is a leave event and its return a comeback event (with how long the visitor was away). While the
 * tab is hidden its title runs the call-back message as a ticker, one character every TITLE_ANIMATION_MS, unless
 * the visitor asked for reduced motion (then it stands still); the page's own title comes back with the visitor,
 * unless the page changed its title meanwhile. Answers a function that stops all of it.
 */
export function watchTabPresence({ document: doc, window: win, track, message }: TabPresenceOptions): () => void {
  let leftAt = 0;
  let pageTitle: string | null = null;
  let shown = '';
  let timer: ReturnType<typeof setInterval> | undefined;

  // The title reads back with its white space collapsed and trimmed: what we showed is what it reads back.
  const show = (title: string) => {
    doc.title = title;
    shown = doc.title;
  };
  const stopTicker = () => {
    clearInterval(timer);
    timer = undefined;
    if (pageTitle !== null && doc.title === shown) doc.title = pageTitle;
    pageTitle = null;
  };
  const leave = () => {
    leftAt = Date.now();
    track({ context: TAB_EVENTS.context, action: TAB_EVENTS.leave });
    pageTitle = doc.title;
    const text = `${message()} · ${pageTitle} · `;
    if (win.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return show(message());
    let offset = 0;
    show(tickerFrame(text, offset));
    timer = setInterval(() => show(tickerFrame(text, ++offset)), TITLE_ANIMATION_MS);
  };
  const comeback = () => {
    stopTicker();
    track({ context: TAB_EVENTS.context, action: TAB_EVENTS.comeback, data: { awayMs: Date.now() - leftAt } });
  };
  const changed = () => {
    if (doc.visibilityState === 'hidden') leave();
    else if (pageTitle !== null) comeback();
  };
  doc.addEventListener('visibilitychange', changed);
  return () => {
    doc.removeEventListener('visibilitychange', changed);
    stopTicker();
  };
}
