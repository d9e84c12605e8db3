import { NO_GUEST_FLAGS } from './guest';
import { formatBalance } from './money';
import type { GuestSession } from './platform';
import type { Language } from './routes';

/**
 * The time zone shared pages show times in on the server and during hydration, the site's schedule zone (the daily
 * bonus and the TV programme run on Berlin time); the browser's own zone takes over right after hydration.
 */
export const VISITOR_TIME_ZONE = 'Europe/Berlin';

const sessions = new Map<Language, GuestSession>();

/**
 * The session every shared page is rendered with: an anonymous visitor with no id, no token, no name and a zero
 * balance in the page's language. The server renders each page once for all visitors with it, and the browser
 * hydrates with it too, so the markup matches; the visitor's own session fills in right after hydration.
 * One frozen object per language: React asks a store's server snapshot for the same object on every call.
 */
export function visitorSession(language: Language): GuestSession {
  let session = sessions.get(language);
  if (!session) {
    session = freeze(visitor(language));
    sessions.set(language, session);
  }
  return session;
}

function freeze<T extends object>(value: T): T {
  for (const field of Object.values(value)) if (field && typeof field === 'object') freeze(field as object);
  return Object.freeze(value);
}

function visitor(language: Language): GuestSession {
  return {
    accessToken: '',
    guest: {
      id: '',
      name: '',
      email: null,
      avatarUrl: null,
      language,
      flags: { ...NO_GUEST_FLAGS, anonymous: true },
      avsStatus: 'unknown',
      balance: { amount: 0, formatted: formatBalance(0, language) },
    },
  };
}
