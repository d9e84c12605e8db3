import { z } from 'zod';
import { defineEndpoint } from '@velvet/contracts';
import { ApiError, createRestClient } from './rest';
import { startHttpServer } from './testServer';

const getActor = defineEndpoint({
  method: 'GET',
  path: '/actor/getActorDataByIdOrName/:actorIdOrName',
  schemas: () => ({
    params: z.object({ actorIdOrName: z.string() }),
    query: z.object({ page: z.number(), tags: z.array(z.string()).optional() }),
    response: z.object({ name: z.string() }),
  }),
});
const updateName = defineEndpoint({
  method: 'POST',
  path: '/guest/profile/update',
  needsGuest: true,
  schemas: () => ({ body: z.object({ name: z.string() }), response: z.object({ ok: z.boolean() }) }),
});
const uploadPicture = defineEndpoint({
  method: 'POST',
  path: '/guest/profile/preview/update',
  schemas: () => ({ response: z.object({ avatarUrl: z.string() }) }),
});

describe('createRestClient', () => {
  let server: Awaited<ReturnType<typeof startHttpServer>>;
  let status = 200;
  let body: unknown = { name: 'Anna' };
  beforeAll(async () => {
    server = await startHttpServer(() => ({ status, body }));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    status = 200;
  });

  const client = (token: string | null = 'tok-1', loggedIn = true) =>
    createRestClient({
      baseUrl: `${server.origin}/rest/v1`,
      getToken: () => token,
      getLanguage: () => 'de',
      version: '1.2.3',
      isLoggedIn: () => loggedIn,
    });

  it('fills path params, sends the input as query string on GET and adds token, language and version', async () => {
    body = { name: 'Anna' };
    const answer = await client()(getActor, {
      params: { actorIdOrName: 'anna maria' },
      query: { page: 2, tags: ['a', 'b'] },
    });
    expect(answer).toEqual({ name: 'Anna' });
    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url.pathname).toBe('/rest/v1/actor/getActorDataByIdOrName/anna%20maria');
    expect(request?.url.searchParams.get('page')).toBe('2');
    expect(request?.url.searchParams.getAll('tags')).toEqual(['a', 'b']);
    expect(request?.url.searchParams.get('language')).toBe('de');
    expect(request?.url.searchParams.get('version')).toBe('1.2.3');
    expect(request?.url.searchParams.get('accessToken')).toBe('tok-1');
    expect(request?.headers.authorization).toBe('Bearer tok-1');
  });

  it('sends a JSON body on other methods', async () => {
    body = { ok: true };
    await client()(updateName, { body: { name: 'Bob' } });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toContain('application/json');
    expect(request?.body).toEqual({ name: 'Bob' });
  });

  it('sends a multipart upload as the body when the call has a form', async () => {
    body = { ok: true };
    const form = new FormData();
    form.append('file', new Blob(['picture bytes'], { type: 'image/png' }), 'me.png');
    await client()(uploadPicture, { form });
    const [request] = server.requests;
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('name="file"; filename="me.png"');
    expect(request?.body).toContain('picture bytes');
  });

  it('sends the idempotency key of a money-moving POST as the Idempotency-Key header', async () => {
    body = { ok: true };
    await client()(updateName, { body: { name: 'Bob' }, idempotencyKey: 'attempt-1' });
    await client()(updateName, { body: { name: 'Bob' } });
    expect(server.requests.map((request) => request.headers['idempotency-key'])).toEqual(['attempt-1', undefined]);
  });

  it('sends a token given with the call instead of the session token', async () => {
    body = { ok: true };
    await client()(updateName, { body: { name: 'Bob' }, accessToken: 'ending-token' });
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe('Bearer ending-token');
    expect(request?.url.searchParams.get('accessToken')).toBe('ending-token');
  });

  it('sends no Authorization header and no accessToken without a token', async () => {
    body = { name: 'Anna' };
    await client(null)(getActor, { params: { actorIdOrName: '1' }, query: { page: 1 } });
    const [request] = server.requests;
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.url.searchParams.has('accessToken')).toBe(false);
  });

  it('throws an ApiError with the status and the server code on a non-ok reply', async () => {
    status = 409;
    body = { statusCode: 409, code: 'EMAIL_TAKEN', message: 'This email is already registered' };
    const error = await client()(updateName, { body: { name: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'EMAIL_TAKEN', message: 'This email is already registered' });
  });

  it('throws errors another copy of the sdk recognises as ApiError (a remote on its own copy)', async () => {
    status = 409;
    body = { statusCode: 409, code: 'EMAIL_TAKEN', message: 'This email is already registered' };
    let OtherApiError: typeof ApiError | undefined;
    jest.isolateModules(() => {
      OtherApiError = (jest.requireActual('./rest') as { ApiError: typeof ApiError }).ApiError;
    });
    expect(OtherApiError).not.toBe(ApiError);
    const error = await client()(updateName, { body: { name: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OtherApiError!);
    expect(new OtherApiError!(404, 'NOT_FOUND', 'gone')).toBeInstanceOf(ApiError);
    expect(new Error('plain')).not.toBeInstanceOf(OtherApiError!);
    expect(Object.assign(new Error('look-alike'), { status: 409, code: 'X' })).not.toBeInstanceOf(ApiError);
  });

  it('keeps the status and reads UNKNOWN when the error body is not the platform shape or its code not of the contracts', async () => {
    status = 502;
    body = 'bad gateway';
    await expect(client()(updateName, { body: { name: 'x' } })).rejects.toMatchObject({
      status: 502,
      code: 'UNKNOWN',
    });
    status = 409;
    body = { statusCode: 409, code: 'MADE_UP_HERE', message: 'not a code of the platform' };
    await expect(client()(updateName, { body: { name: 'x' } })).rejects.toMatchObject({
      status: 409,
      code: 'UNKNOWN',
    });
  });

  it('refuses a guest-only call for an anonymous session before sending', async () => {
    await expect(client('anon', false)(updateName, { body: { name: 'x' } })).rejects.toMatchObject({
      status: 401,
      code: 'LOGIN_REQUIRED',
    });
    expect(server.requests).toHaveLength(0);
  });
});
