import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { REMOTE_NAMES } from '@velvet/contracts';

/** How long a page's load reports can count towards a canary: long enough for remotes a visitor opens late. */
export const REPORT_TOKEN_TTL_MS = 6 * 60 * 60 * 1000;

/**
 * What a manifest promised one page load: the tenant, the visitor it was made for, the canary versions that visitor
 * was given (the only loads the token can count for), a nonce naming this page load, and when it expires.
 */
const reportGrant = z.object({
  tenant: z.string(),
  visitor: z.string(),
  canary: z.array(z.tuple([z.enum(REMOTE_NAMES), z.string()])),
  nonce: z.string(),
  expires: z.number().int(),
});
export type ReportGrant = z.infer<typeof reportGrant>;

/**
 * Signs and reads the load report tokens the manifest hands out: HMAC-SHA256 with a key derived from the server
 * secret (so a token is never valid as anything else it signs), over the grant as JSON.
 */
export class ReportTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('velvet load report token').digest();
  }

  /** A token for one page load of `visitor`, with a fresh nonce. */
  issue(grant: Omit<ReportGrant, 'nonce' | 'expires'>, now: Date): string {
    const full: ReportGrant = { ...grant, nonce: randomUUID(), expires: now.getTime() + REPORT_TOKEN_TTL_MS };
    const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The grant of a token this server signed (expired or not), or null for anything else. */
  read(token: string | undefined): ReportGrant | null {
    if (!token) return null;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const parsed = reportGrant.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
