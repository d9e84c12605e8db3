import { defineOperation, MISSING_TOKEN_MESSAGE } from '@velvet/contracts';
import { createFeedClient, createQueryClient } from './graphql';
import { ApiError } from './rest';
import { startHttpServer } from './testServer';

const models = defineOperation<{ models: { name: string }[] }, { first: number }>(
  'query ($first: Int!) { models(first: $first) { name } }',
);

const guestOnly = defineOperation<{ unread: number }>('query { unread }', { needsGuest: true });

describe('graphql clients', () => {
  let server: Awaited<ReturnType<typeof startHttpServer>>;
  let answer: { status: number; body: unknown } = { status: 200, body: { data: { models: [{ name: 'Anna' }] } } };
  beforeAll(async () => {
    server = await startHttpServer(() => answer);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    answer = { status: 200, body: { data: { models: [{ name: 'Anna' }] } } };
  });

  it('query client sends document, variables, bearer token and language', async () => {
    const query = createQueryClient({
      url: `${server.origin}/graphql`,
      getToken: () => 'tok',
      getLanguage: () => 'es',
    });
    await expect(query(models, { first: 3 })).resolves.toEqual({ models: [{ name: 'Anna' }] });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.searchParams.get('language')).toBe('es');
    expect(request?.headers.authorization).toBe('Bearer tok');
    expect(request?.body).toMatchObject({ query: models.document, variables: { first: 3 } });
  });

  it('query client refuses an operation for logged-in guests without sending when the session is not one', async () => {
    let loggedIn = false;
    const query = createQueryClient({
      url: `${server.origin}/graphql`,
      getToken: () => 'anonymous-token',
      getLanguage: () => 'en',
      isLoggedIn: () => loggedIn,
    });
    await expect(query(guestOnly)).rejects.toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    expect(server.requests).toHaveLength(0);
    loggedIn = true;
    await query(guestOnly);
    expect(server.requests).toHaveLength(1);
  });

  it('resolves a relative endpoint against the page origin, as the shell passes it', async () => {
    Object.defineProperty(globalThis, 'location', { value: { origin: server.origin }, configurable: true });
    try {
      const query = createQueryClient({ url: '/graphql', getToken: () => 'tok', getLanguage: () => 'de' });
      await expect(query(models, { first: 1 })).resolves.toEqual({ models: [{ name: 'Anna' }] });
      expect(server.requests[0]?.url.pathname).toBe('/graphql');
    } finally {
      Reflect.deleteProperty(globalThis, 'location');
    }
  });

  it('query client refuses before sending without a token', async () => {
    const query = createQueryClient({ url: `${server.origin}/graphql`, getToken: () => null, getLanguage: () => 'en' });
    await expect(query(models, { first: 1 })).rejects.toThrow(new Error(MISSING_TOKEN_MESSAGE));
    expect(server.requests).toHaveLength(0);
  });

  it('turns GraphQL errors into an ApiError with the extension code', async () => {
    answer = {
      status: 401,
      body: { errors: [{ message: 'Missing Vxql-Token', extensions: { code: 'UNAUTHORIZED' } }] },
    };
    const query = createQueryClient({
      url: `${server.origin}/graphql`,
      getToken: () => 'expired',
      getLanguage: () => 'en',
    });
    const error = await query(models, { first: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('an answer with errors is an error even with status 200, and a page that is no GraphQL answer too', async () => {
    const query = createQueryClient({
      url: `${server.origin}/graphql`,
      getToken: () => 'tok',
      getLanguage: () => 'en',
    });
    answer = {
      status: 200,
      body: { data: null, errors: [{ message: 'Too deep', extensions: { code: 'GRAPHQL_LIMIT' } }] },
    };
    await expect(query(models, { first: 1 })).rejects.toMatchObject({ status: 200, code: 'GRAPHQL_LIMIT' });
    answer = { status: 502, body: 'Bad Gateway' };
    const error = await query(models, { first: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'UNKNOWN' });
  });

  it('feed client sends the token only for a logged-in guest', async () => {
    let loggedIn = false;
    const feed = createFeedClient({
      url: `${server.origin}/feed/graphql`,
      getToken: () => 'tok',
      getLanguage: () => 'en',
      isLoggedIn: () => loggedIn,
    });
    await feed(models, { first: 1 });
    loggedIn = true;
    await feed(models, { first: 1 });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined, 'Bearer tok']);
  });
});
