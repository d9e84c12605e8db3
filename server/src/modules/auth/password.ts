import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';

/**
 * Passwords that appeared in breaches (the common-passwords dictionary of zxcvbn-ts, lower-cased there), read
 * once on first use. Server side only: the list never goes to the browser.
 */
let breached: ReadonlySet<string> | undefined;
const breachedPasswords = () => (breached ??= new Set(dictionary['passwords-common']));

/**
 * OWASP ASVS level 2 for a new password: 12 to 128 characters (counted as Unicode code points), any characters,
 * no composition rules, and not in the list of breached passwords (compared ignoring case, as the list is).
 * A password of whitespace alone has no characters that count, so it is too short.
 */
export function checkNewPassword(password: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || password.trim() === '') {
    throw new HttpError(400, 'PASSWORD_TOO_SHORT', `A password needs at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (length > PASSWORD_MAX_LENGTH) {
    throw new HttpError(400, 'VALIDATION_FAILED', `A password has at most ${PASSWORD_MAX_LENGTH} characters`);
  }
  if (breachedPasswords().has(password.toLowerCase())) {
    throw new HttpError(400, 'PASSWORD_BREACHED', 'This password appears in known data breaches; choose another');
  }
}
