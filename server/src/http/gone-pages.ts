import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ModuleContext } from '../modules/module';
import { visitorOf } from './visitor';

/** Within this time of a redirect the visitor's next logged-in socket session takes its notice over. */
const HANDOVER_MS = 60_000;
/** How long the guest's status bar tells her about the redirect. */
const NOTICE_MS = 10 * 60_000;
/** Visitors and guests remembered at once, least recent first out. */
const REMEMBERED = 50_000;

interface Redirect {
  /** The path she asked for. */
  path: string;
  /** When, on the server's clock (ms). */
  at: number;
}

/**
 * Pages of the platform that the tenant does not serve (any more): a remote switched off, or a version without
 * the route pinned. shell-html sends their visitors to the start page, and the guest is told why in the status
 * bar (`notFoundRedirect`, naming the path). The page request carries no token, only the visitor cookie, which the
 * socket's upgrade request carries too: the visitor's next logged-in session takes the notice over.
 */
export class GonePages {
  private readonly byVisitor = new LRUCache<string, Redirect>({ max: REMEMBERED });
  private readonly byGuest = new LRUCache<string, Redirect>({ max: REMEMBERED });

  constructor(private readonly ctx: Pick<ModuleContext, 'hub' | 'statusBar' | 'now'>) {
    ctx.statusBar.register('notFoundRedirect', async (guestId) => {
      const redirect = this.byGuest.get(guestId);
      if (!redirect || this.age(redirect) > NOTICE_MS) return null;
      return { data: { path: redirect.path }, action: null };
    });
    ctx.hub.onSession(async (client) => {
      if (!client.auth?.loggedIn || !client.visitor) return;
      const redirect = this.byVisitor.get(client.visitor);
      if (!redirect || this.age(redirect) > HANDOVER_MS) return;
      this.byVisitor.delete(client.visitor);
      this.byGuest.set(client.auth.guestId, redirect);
      await ctx.statusBar.refresh(client.auth.guestId);
    });
  }

  /** Notes that the request's visitor was sent away from `path`. */
  redirected(request: FastifyRequest, path: string): void {
    const visitor = visitorOf(request);
    if (visitor) this.byVisitor.set(visitor, { path, at: this.ctx.now().getTime() });
  }

  private age(redirect: Redirect): number {
    return this.ctx.now().getTime() - redirect.at;
  }
}
