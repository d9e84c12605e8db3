const VISITOR_KEY = 'velvet.visitor';
/** How long the visitor cookie lasts: a canary share sticks to a browser for as long as the id does. */
const VISITOR_COOKIE_SECONDS = 365 * 24 * 3600;

/**
 * This browser's visitor id: made once and kept in localStorage, so a canary share sticks to the browser across
 * reloads and logins. Where storage is refused (private modes), the id lasts for the page.
 */
export function visitorId(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  random: () => string = () => crypto.randomUUID(),
): string {
  try {
    const stored = storage.getItem(VISITOR_KEY);
    if (stored) return stored;
    const made = random();
    storage.setItem(VISITOR_KEY, made);
    return made;
  } catch {
    return random();
  }
}

/**
 * The visitor id as a cookie too, so the server renders this browser's pages with the canaries it gets (the cookie
 * carries nothing else, and the server's shared page cache is kept per version set, not per visitor).
 */
export function rememberVisitor(document: Pick<Document, 'cookie'>, visitor: string): void {
  document.cookie = `${VISITOR_KEY}=${encodeURIComponent(visitor)}; path=/; max-age=${VISITOR_COOKIE_SECONDS}; samesite=lax`;
}
