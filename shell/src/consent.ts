import { BehaviorSubject } from 'rxjs';
import {
  CONSENT_CATEGORIES,
  NO_CONSENT,
  type ConsentCategory,
  type ConsentState,
  type PlatformConsent,
} from '@velvet/contracts';

/** The cookie that keeps the visitor's choice: the granted categories, e.g. `necessary.functional`. */
export const CONSENT_COOKIE = 'cookiebanner-accepted';
/** A choice is asked again after a year, as consent should not be taken for granted for ever. */
const CONSENT_COOKIE_SECONDS = 365 * 24 * 3600;

/** Reads one cookie's value from a `document.cookie` string; null when it is not set. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The choice a cookie value holds; a value naming no known category (damaged) counts as no choice. */
export function parseConsent(value: string | null): ConsentState {
  if (value === null) return NO_CONSENT;
  const granted = new Set(value.split('.'));
  if (!CONSENT_CATEGORIES.some((category) => granted.has(category))) return NO_CONSENT;
  return { decided: true, functional: granted.has('functional'), analytics: granted.has('analytics') };
}

export const consentCookieValue = (choice: Omit<ConsentState, 'decided'>) =>
  CONSENT_CATEGORIES.filter((category) => category === 'necessary' || choice[category]).join('.');

/**
 * The visitor's cookie consent, kept in a cookie so it holds for every tab and page load: the platform's `consent`
 * (read-only for remotes) plus `decide`, which the shell's banner calls. Pages are rendered once for everyone, so
 * nothing optional runs before the browser has read the cookie.
 */
export function createConsentStore(document: Pick<Document, 'cookie'>) {
  const consent$ = new BehaviorSubject<ConsentState>(parseConsent(readCookie(document.cookie, CONSENT_COOKIE)));
  /** Whether the visitor asked to change her choice (the footer's cookie settings). */
  const editing$ = new BehaviorSubject(false);
  const allows = (category: ConsentCategory) => category === 'necessary' || consent$.value[category];
  const decide = (choice: Omit<ConsentState, 'decided'>) => {
    document.cookie = `${CONSENT_COOKIE}=${consentCookieValue(choice)}; path=/; max-age=${CONSENT_COOKIE_SECONDS}; samesite=lax`;
    consent$.next({ decided: true, functional: choice.functional, analytics: choice.analytics });
    editing$.next(false);
  };
  const consent: PlatformConsent = { consent$, current: () => consent$.value, allows };
  return { consent, consent$, editing$, allows, decide, edit: () => editing$.next(true) };
}
export type ConsentStore = ReturnType<typeof createConsentStore>;
