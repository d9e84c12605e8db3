/** @jest-environment node */
import { NO_GUEST_FLAGS, balanceOnWire } from '@velvet/contracts';
import { createRestClient, type RestCall } from '@velvet/sdk';
import { startHttpServer } from '@velvet/sdk/testing';
import { createSessionStore } from './session';

/** localStorage as the browser keeps it across reloads. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const guest = (id: string, loggedIn: boolean, name = 'Guest') => ({
  id,
  name,
  email: loggedIn ? 'anna@example.com' : null,
  avatarUrl: null,
  language: 'en',
  flags: { ...NO_GUEST_FLAGS, loggedIn, anonymous: !loggedIn },
  avsStatus: 'unknown',
  balance: sessionBalance(12_350),
});

/** The guest's balance as the server's session answer carries it, from the ledger's hundredths. */
function sessionBalance(hundredths: number) {
  const { balance, balanceFormatted } = balanceOnWire(hundredths, 'en');
  return { amount: balance, formatted: balanceFormatted };
}

describe('session store', () => {
  let server: Awaited<ReturnType<typeof startHttpServer>>;
  let anonymousCount = 0;
  const validTokens = new Map<string, ReturnType<typeof guest>>();
  beforeAll(async () => {
    server = await startHttpServer((request) => {
      const token = request.headers.authorization?.replace('Bearer ', '');
      if (request.url.pathname === '/rest/v1/auth/anonymous') {
        anonymousCount += 1;
        const accessToken = `anon-${anonymousCount}`;
        validTokens.set(accessToken, guest(`g-${anonymousCount}`, false));
        return { status: 200, body: { accessToken, guest: validTokens.get(accessToken) } };
      }
      if (request.url.pathname === '/rest/v1/auth/me') {
        const known = token ? validTokens.get(token) : undefined;
        return known
          ? { status: 200, body: { accessToken: token, guest: known } }
          : { status: 401, body: { statusCode: 401, code: 'TOKEN_INVALID', message: 'Token invalid' } };
      }
      if (request.url.pathname === '/rest/v1/auth/login') {
        const { password } = request.body as { password: string };
        if (password !== 'correct horse')
          return {
            status: 401,
            body: { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Wrong email or password' },
          };
        validTokens.set('guest-token', guest('g-anna', true, 'Anna'));
        return { status: 200, body: { accessToken: 'guest-token', guest: validTokens.get('guest-token') } };
      }
      if (request.url.pathname === '/rest/v1/auth/logout') {
        if (!token || !validTokens.delete(token))
          return { status: 401, body: { statusCode: 401, code: 'TOKEN_INVALID', message: 'Token invalid' } };
        return { status: 200, body: { ended: true } };
      }
      return { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'no' } };
    });
  });
  afterAll(() => server.close());

  /** One page load: a fresh store and REST client over the same localStorage. */
  const load = (storage: Storage) => {
    const store = createSessionStore({ rest: (endpoint, input) => rest(endpoint, input), storage });
    const rest: RestCall = createRestClient({
      baseUrl: `${server.origin}/rest/v1`,
      getToken: store.token,
      getLanguage: () => 'en',
      version: 't',
    });
    return store;
  };

  it('gets an anonymous token on the first visit and keeps it across a reload', async () => {
    const storage = new MemoryStorage();
    const first = await load(storage).start();
    expect(first.guest.flags.loggedIn).toBe(false);
    const afterReload = await load(storage).start();
    expect(afterReload.accessToken).toBe(first.accessToken);
    expect(afterReload.guest.id).toBe(first.guest.id);
  });

  it('replaces the session on login, and the logged-in session survives a reload', async () => {
    const storage = new MemoryStorage();
    const store = load(storage);
    await store.start();
    await expect(store.login('anna@example.com', 'wrong')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(store.isLoggedIn()).toBe(false);
    await store.login('anna@example.com', 'correct horse');
    expect(store.current().guest.name).toBe('Anna');
    const reloaded = load(storage);
    await reloaded.start();
    expect(reloaded.isLoggedIn()).toBe(true);
    expect(reloaded.current().accessToken).toBe('guest-token');

    await reloaded.logout();
    expect(reloaded.isLoggedIn()).toBe(false);
    expect(storage.getItem('velvet.session')).toBe(reloaded.current().accessToken);
    // The guest's session was ended on the server with its own token, after the anonymous one took its place.
    expect(validTokens.has('guest-token')).toBe(false);
    expect(validTokens.has(reloaded.current().accessToken)).toBe(true);
  });

  it('starts a new anonymous session when the stored token is no longer valid', async () => {
    const storage = new MemoryStorage();
    storage.setItem('velvet.session', 'revoked');
    const session = await load(storage).start();
    expect(session.accessToken).toMatch(/^anon-/);
    expect(storage.getItem('velvet.session')).toBe(session.accessToken);
  });

  it('takes the balance of the push as it comes, the same coins and text the session answer has', async () => {
    const store = load(new MemoryStorage());
    await store.start();
    const loaded = store.current().guest.balance;
    expect(loaded).toEqual({ amount: 123.5, formatted: '123.50\u00a0VXC' });
    store.setBalance({ type: 'guestBalance', ...balanceOnWire(12_350, 'en') });
    expect(store.current().guest.balance).toEqual(loaded);
    store.setBalance({ type: 'guestBalance', ...balanceOnWire(50, 'en') });
    expect(store.current().guest.balance).toEqual({ amount: 0.5, formatted: '0.50\u00a0VXC' });
  });

  it('follows the age verification pushes: pending, rejected with the message, accepted, revoked', async () => {
    const store = load(new MemoryStorage());
    await store.start();
    const avs = () => {
      const { avsStatus, avsRejectMessage, flags } = store.current().guest;
      return { avsStatus, avsRejectMessage, avs: flags.avs };
    };
    store.setAvs({ type: 'avsPending' });
    expect(avs()).toEqual({ avsStatus: 'pending', avsRejectMessage: null, avs: false });
    store.setAvs({ type: 'avsRejected', message: 'The document has expired.' });
    expect(avs()).toEqual({ avsStatus: 'rejected', avsRejectMessage: 'The document has expired.', avs: false });
    store.setAvs({ type: 'avsSet' });
    expect(avs()).toEqual({ avsStatus: 'accepted', avsRejectMessage: null, avs: true });
    store.setAvs({ type: 'avsRevoked' });
    expect(avs()).toEqual({ avsStatus: 'unknown', avsRejectMessage: null, avs: false });
  });

  it('follows the subscription pushes: VIP, TV subscriber and former TV subscriber', async () => {
    const store = load(new MemoryStorage());
    await store.start();
    const started = { plan: 'tv', priceCents: 1499, currency: 'EUR' as const };
    store.setSubscription({
      type: 'subscription',
      kind: 'vip',
      subscriber: true,
      formerSubscriber: false,
      started: null,
    });
    expect(store.current().guest.flags).toMatchObject({ vip: true, tvSubscriber: false });
    store.setSubscription({ type: 'subscription', kind: 'tv', subscriber: true, formerSubscriber: false, started });
    expect(store.current().guest.flags).toMatchObject({ vip: true, tvSubscriber: true, formerTvSubscriber: false });
    store.setSubscription({
      type: 'subscription',
      kind: 'tv',
      subscriber: false,
      formerSubscriber: true,
      started: null,
    });
    expect(store.current().guest.flags).toMatchObject({ vip: true, tvSubscriber: false, formerTvSubscriber: true });
  });
});
