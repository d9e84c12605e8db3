const VISITOR_KEY = 'velvet.visitor';

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
