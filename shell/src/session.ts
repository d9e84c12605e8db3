import { BehaviorSubject } from 'rxjs';
import { authEndpoints, type AvsStatus, type GuestSession, type IncomingMessage } from '@velvet/contracts';
import { ApiError, type RestCall } from '@velvet/sdk';

const STORAGE_KEY = 'velvet.session';
const AVS_STATUS_OF = {
  avsSet: 'accepted',
  avsPending: 'pending',
  avsRejected: 'rejected',
  avsRevoked: 'unknown',
} as const satisfies Record<string, AvsStatus>;

/**
 * The guest session: an anonymous token on the first visit, replaced by login and signup. The token is kept in
 * localStorage so a reload resumes the same session; a stored token the server no longer accepts is replaced by
 * a fresh anonymous one.
 */
export function createSessionStore(options: {
  rest: RestCall;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}) {
  const session$ = new BehaviorSubject<GuestSession | null>(null);

  const set = (session: GuestSession) => {
    options.storage.setItem(STORAGE_KEY, session.accessToken);
    session$.next(session);
    return session;
  };
  const anonymous = async () => set(await options.rest(authEndpoints.anonymous));

  return {
    session$,
    token: () => session$.value?.accessToken ?? options.storage.getItem(STORAGE_KEY),
    isLoggedIn: () => session$.value?.guest.flags.loggedIn ?? false,
    current(): GuestSession {
      if (!session$.value) throw new Error('The session is not started yet');
      return session$.value;
    },
    async start(): Promise<GuestSession> {
      if (!options.storage.getItem(STORAGE_KEY)) return anonymous();
      try {
        return set(await options.rest(authEndpoints.me));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          options.storage.removeItem(STORAGE_KEY);
          return anonymous();
        }
        throw error;
      }
    },
    /** `totp`: the code of the account's second factor, once the server answered TOTP_REQUIRED. */
    login: async (email: string, password: string, totp?: string) =>
      set(await options.rest(authEndpoints.login, { body: { email, password, ...(totp ? { totp } : {}) } })),
    signup: async (body: { email: string; password: string; name: string }) =>
      set(await options.rest(authEndpoints.signup, { body })),
    /**
     * Back to an anonymous session, then the guest's session is ended on the server. In this order the socket
     * has already moved to the new token when the server expires the old one, so this page is not reloaded;
     * other pages of the ended session are. A failed end leaves it to expire.
     */
    async logout(): Promise<GuestSession> {
      const ending = session$.value?.accessToken;
      const next = await anonymous();
      if (ending) await options.rest(authEndpoints.logout, { accessToken: ending }).catch(() => undefined);
      return next;
    },
    /**
     * The live balance from the guestBalance push, in coins, with the text the server made of it by the same
     * formatBalance as the session's, so the navbar shows one style from load to every change.
     */
    /** The guest's new profile picture (the guestAvatar push), for the navbar and the sidebar. */
    setAvatar({ avatarUrl }: IncomingMessage<'guestAvatar'>) {
      const current = session$.value;
      if (current) session$.next({ ...current, guest: { ...current.guest, avatarUrl } });
    },
    /**
     * The age verification from its pushes: avsSet accepts, avsPending waits, avsRejected carries the provider's
     * message, avsRevoked is back to unknown (no verification).
     */
    setAvs(message: IncomingMessage<'avsSet' | 'avsPending' | 'avsRejected' | 'avsRevoked'>) {
      const current = session$.value;
      if (!current) return;
      const avsStatus = AVS_STATUS_OF[message.type];
      session$.next({
        ...current,
        guest: {
          ...current.guest,
          avsStatus,
          avsRejectMessage: message.type === 'avsRejected' ? message.message : null,
          flags: { ...current.guest.flags, avs: avsStatus === 'accepted' },
        },
      });
    },
    /** The conversion chat's countdown switched (the conversionChat push): its new end, or none. */
    setConversionChat({ countdownEnds }: IncomingMessage<'conversionChat'>) {
      const current = session$.value;
      if (current) session$.next({ ...current, guest: { ...current.guest, conversionChatEnds: countdownEnds } });
    },
    setBalance({ balance, balanceFormatted }: IncomingMessage<'guestBalance'>) {
      const current = session$.value;
      if (!current) return;
      session$.next({
        ...current,
        guest: { ...current.guest, balance: { amount: balance, formatted: balanceFormatted } },
      });
    },
    /**
     * A VIP or TV subscription changed (the `subscription` push): the guest's flags follow it at once, so pages
     * that depend on them (premium TV, the VIP club) update without a reload.
     */
    setSubscription({ kind, subscriber, formerSubscriber }: IncomingMessage<'subscription'>) {
      const current = session$.value;
      if (!current) return;
      const flags =
        kind === 'vip' ? { vip: subscriber } : { tvSubscriber: subscriber, formerTvSubscriber: formerSubscriber };
      session$.next({ ...current, guest: { ...current.guest, flags: { ...current.guest.flags, ...flags } } });
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
