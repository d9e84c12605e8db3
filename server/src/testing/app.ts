import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AuthResponse } from '@velvet/contracts';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/database';
import { MODULES } from '../modules';
import { OPERATOR } from '../modules/auth/operator';
import { migratedTemplate } from './template';
import type { ModuleContext, ServerModule } from '../modules/module';

export interface TestApp {
  app: FastifyInstance;
  ctx: ModuleContext;
  config: Config;
  close(): Promise<void>;
  /** A fresh anonymous visitor's token. */
  anonymousToken(): Promise<string>;
  /** Signs up a new guest (unique email and name unless overridden) and answers its token and guest. */
  signup(overrides?: Partial<{ email: string; password: string; name: string }>): Promise<AuthResponse>;
  /** Logs the operator in (TEST_OPERATOR_PASSWORD) and answers the token. */
  operatorToken(): Promise<string>;
  /**
   * Holds the server's clock still at what it shows now, until the answered function is called: a test of what is
   * kept for a while then reads it for sure, however slowly it runs.
   */
  holdClock(): () => void;
  /** A REST call below `/rest/v1`, as the holder of `token` when given. */
  rest(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
}

export interface TestAppOptions {
  /** Seeds every module at this scale (e.g. 0.05); without it the database is empty apart from migrations. */
  seedScale?: number;
  /** Overrides of the environment, e.g. a repository root holding fixture builds. */
  config?: Partial<Config>;
  /**
   * An existing data directory, kept after close, with PGlite on disk in it (unless `config.databaseUrl` is
   * set): a second app opened on it after the first closed is a restarted server.
   */
  dataDir?: string;
  /** The modules the server runs (all by default); the database is migrated for all of them either way. */
  modules?: readonly ServerModule[];
  /** Where the server's log lines go (with `config.logLevel`; silent otherwise). */
  logStream?: DestinationStream;
}

/** The operator password of test servers (OPERATOR_PASSWORD); the account itself is OPERATOR of operator.ts. */
export const TEST_OPERATOR_PASSWORD = 'test operator passphrase';

let counter = 0;

/**
 * The real server against a real PGlite (in memory, started from a migrated template) with a temporary data
 * directory for media and remotes, all migrations applied.
 * Use `app.inject(...)` for HTTP; `close()` removes the directory.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'velvet-test-')));
  const config = {
    // Test files sign up many guests from one address; the sign-up limit is tested with its own config.
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      VISITOR_CACHE_MS: '0',
      // Pages are rendered on the server only where the built shell and remotes are: the end-to-end tests.
      SERVER_RENDER: 'off',
      OPERATOR_PASSWORD: TEST_OPERATOR_PASSWORD,
      SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
      ANONYMOUS_SESSIONS_PER_ADDRESS_PER_HOUR: '100000',
    }),
    ...options.config,
  };
  const database = await openDatabase(config, options.dataDir ? {} : { template: await migratedTemplate(MODULES) });
  const velvet = await buildApp(config, {
    database,
    logStream: options.logStream,
    ...(options.modules ? { modules: options.modules } : {}),
  });
  if (options.seedScale !== undefined) await velvet.seedOnce(options.seedScale);
  await velvet.app.ready();

  const post = async (url: string, payload?: object): Promise<AuthResponse> => {
    const response = await velvet.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response.json<AuthResponse>();
  };

  return {
    app: velvet.app,
    ctx: velvet.ctx,
    config,
    close: async () => {
      await velvet.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
    anonymousToken: async () => (await post('/rest/v1/auth/anonymous')).accessToken,
    operatorToken: async () =>
      (await post('/rest/v1/auth/login', { email: OPERATOR.email, password: TEST_OPERATOR_PASSWORD })).accessToken,
    holdClock: () => {
      const running = velvet.ctx.now;
      const held = running();
      velvet.ctx.now = () => held;
      return () => {
        velvet.ctx.now = running;
      };
    },
    rest: (method, url, token, payload) =>
      velvet.app.inject({
        method,
        url: `/rest/v1${url}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload ? { payload } : {}),
      }),
    signup: (overrides = {}) => {
      // Not a time of the world: the wall clock only keeps e-mails unique across test runs on one database.
      // eslint-disable-next-line no-restricted-syntax
      const id = `${process.pid}-${Date.now().toString(36)}-${++counter}`;
      return post('/rest/v1/auth/signup', {
        email: `guest-${id}@example.com`,
        password: 'correct horse battery',
        name: `Guest ${id}`.slice(0, 40),
        ...overrides,
      });
    },
  };
}
