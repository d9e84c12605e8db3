import { createHmac, timingSafeEqual } from 'node:crypto';
import { SANDBOX_AVS_IDENTITIES, avsEndpoints, type AvsCallbackBody, type Language } from '@velvet/contracts';
import { serverTexts } from '../../texts';

/**
 * An age-verification provider: it takes the guest's proof of age on its own checkout page and reports its
 * decision to the server by a signed callback. A real provider plugs in behind the same interface.
 */
export interface AvsProvider {
  readonly name: string;
  /** Where the guest proves the age for this check; the provider sends the browser back to `forwardUrl`. */
  checkoutLink(check: { checkId: string; forwardUrl: string; language: Language }): string;
  /** Whether a callback's signature header holds for this body at this time (not stale, not forged). */
  verifyCallback(signature: string | undefined, body: AvsCallbackBody, now: Date): boolean;
}

/** How old a callback may be: a captured one cannot be sent again later, and clocks may differ a little. */
export const CALLBACK_TOLERANCE_SECONDS = 5 * 60;

/** The signed text of a callback: the time and the body's fields in a fixed order. */
const signedText = (unixSeconds: number, body: AvsCallbackBody) =>
  [unixSeconds, body.eventId, body.checkId, body.decision, body.rejectMessage ?? ''].join('\n');
const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex');
const SIGNATURE = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

/** Checks a `t=<unix seconds>,v1=<hex HMAC>` header (Stripe's webhook scheme) with the shared key. */
export function verifySignature(key: Buffer, signature: string | undefined, body: AvsCallbackBody, now: Date): boolean {
  const match = SIGNATURE.exec(signature ?? '');
  if (!match) return false;
  const unixSeconds = Number(match[1]);
  if (Math.abs(now.getTime() / 1000 - unixSeconds) > CALLBACK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(key, signedText(unixSeconds, body)), 'hex');
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

export function signCallback(key: Buffer, body: AvsCallbackBody, now: Date): string {
  const unixSeconds = Math.floor(now.getTime() / 1000);
  return `t=${unixSeconds},v1=${hmac(key, signedText(unixSeconds, body))}`;
}

const texts = serverTexts('avs', {
  de: {
    minor: 'Laut dem Ausweis bist du jünger als 18 Jahre.',
    unknown: 'Diese Identität konnte nicht geprüft werden. Bitte prüfe deine Angaben.',
  },
  en: {
    minor: 'The document shows that you are younger than 18.',
    unknown: 'This identity could not be verified. Please check your details.',
  },
  nl: {
    minor: 'Volgens het document ben je jonger dan 18 jaar.',
    unknown: 'Deze identiteit kon niet worden gecontroleerd. Controleer je gegevens.',
  },
  es: {
    minor: 'Según el documento tienes menos de 18 años.',
    unknown: 'No se pudo verificar esta identidad. Revisa tus datos.',
  },
});

/** Where the server's REST routes are mounted: the sandbox's checkout is one of them. */
const REST_BASE = '/rest/v1';

/** What the sandbox decides for an identity typed on its checkout. */
export type SandboxDecision =
  { decision: 'accepted' } | { decision: 'pending' } | { decision: 'rejected'; rejectMessage: string };

export interface SandboxAvsProvider extends AvsProvider {
  decide(identity: string, language: Language): SandboxDecision;
  /** Signs the callback the sandbox sends once a pending check is decided. */
  sign(body: AvsCallbackBody, now: Date): string;
}

/**
 * The built-in provider: its checkout is the sandbox route of this server, and its test identities
 * (SANDBOX_AVS_IDENTITIES) are accepted at once, rejected with a message, or pending and accepted by callback a
 * few seconds later; every other identity is rejected. Callbacks are signed with a key derived from the server
 * secret, which stands in for the secret a real provider and the site share.
 */
export function sandboxAvsProvider(secret: string): SandboxAvsProvider {
  const key = createHmac('sha256', secret).update('velvet avs sandbox callbacks').digest();
  return {
    name: 'sandbox',
    checkoutLink: ({ checkId }) => `${REST_BASE}${avsEndpoints.sandboxSubmit.path.replace(':checkId', checkId)}`,
    verifyCallback: (signature, body, now) => verifySignature(key, signature, body, now),
    decide(identity, language) {
      const typed = identity.trim().toUpperCase();
      if (typed === SANDBOX_AVS_IDENTITIES.accepted) return { decision: 'accepted' };
      if (typed === SANDBOX_AVS_IDENTITIES.pending) return { decision: 'pending' };
      const reason = typed === SANDBOX_AVS_IDENTITIES.rejected ? 'minor' : 'unknown';
      return { decision: 'rejected', rejectMessage: texts.t(reason, { lng: language }) };
    },
    sign: (body, now) => signCallback(key, body, now),
  };
}
