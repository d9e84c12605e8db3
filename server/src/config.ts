import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CANARY_AUTO_ROLLBACK, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@velvet/contracts';
import { proxyEntryProblem } from './http/proxy';

/** The repository root: server/src/config.ts lives two folders below it. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data')),
  /** A real PostgreSQL instead of the embedded PGlite (same migrations). */
  DATABASE_URL: z.string().url().optional(),
  /** Redis the processes of one site share pushes, cache changes and rate limits through; without it one runs alone. */
  REDIS_URL: z.string().url().optional(),
  /** This process's name in the `x-velvet-instance` header and the operator console; host name and pid by default. */
  INSTANCE_NAME: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .optional(),
  /**
   * How long a process told to stop keeps serving while its health check already answers 503, so the balancer
   * stops sending it requests first (two of its check intervals); 0 alone, with no balancer in front.
   */
  DRAIN_NOTICE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_SCALE: z.coerce.number().positive().default(1),
  /** Canary auto-rollback: the loads a canary needs reported for a tenant before it can be ended. */
  CANARY_ROLLBACK_MIN_LOADS: z.coerce.number().int().min(1).default(CANARY_AUTO_ROLLBACK.minLoads),
  /** Canary auto-rollback: the share of failed loads among them (above 0, at most 1) that ends it. */
  CANARY_ROLLBACK_FAILURE_SHARE: z.coerce.number().gt(0).max(1).default(CANARY_AUTO_ROLLBACK.failureShare),
  /**
   * Real minutes one day of the demo performers' online schedule lasts: a real day by default; the end-to-end
   * tests use a short one so performers come and go within seconds.
   */
  DEMO_DAY_MINUTES: z.coerce.number().int().min(1).max(1440).default(1440),
  /**
   * A demo and test setting: comma-separated names of demo performers who stay on line all day and give no ticket
   * show, so a test can chat with one for as long as it needs. Empty (the default): everyone keeps her schedule.
   */
  DEMO_ALWAYS_ONLINE: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  /**
   * How long visitors who are not logged in share a catalogue answer (http/visitor-cache.ts) and a server-rendered
   * page; 0 turns both off.
   */
  VISITOR_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /**
   * How long a server-rendered page is kept for every visitor; VISITOR_CACHE_MS unless set. 0 renders every answer
   * (while its data is still shared for VISITOR_CACHE_MS): the bench's measure of the render itself.
   */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** `off` serves pages as the bare shell the browser renders (for comparison); `on` renders them on the server. */
  SERVER_RENDER: z.enum(['on', 'off']).default('on'),
  /**
   * How long the remotes' parts of a page may take on the server, their data included, before they are left to the
   * browser for that request.
   */
  RENDER_BUDGET_MS: z.coerce.number().int().min(1).max(10_000).default(150),
  /** The contact push services are given with every push (VAPID `sub`): a mailto: or https: address. */
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
    .default('mailto:push@velvet.test'),
  /**
   * The push services subscriptions may name, comma-separated: a host name (an https endpoint on it or a sub-domain
   * of it) or a whole origin (tests name a push service on loopback). Nothing else is ever sent a request.
   */
  WEB_PUSH_SERVICES: z
    .string()
    .default('fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com')
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  /**
   * The operator's password: made with it on first start (else a random one is printed once), and set to it on a
   * later start when it differs. The breached-password check runs when it is used.
   */
  OPERATOR_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).optional(),
  /** Sign-ups one client address may make per hour (shared addresses behind NAT need a few). */
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /**
   * Anonymous sessions one client address may open per hour: each is a guest row, so without a bound a script
   * grows the database at will; a browser keeps its session, so even a shared address needs few.
   */
  ANONYMOUS_SESSIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(300),
  /**
   * Where mails go out (nodemailer's connection URL, e.g. smtps://user:pass@host:465). Without it mails are kept
   * in the outbox the operator console shows.
   */
  SMTP_URL: z.string().url().optional(),
  /** The sender of every mail. */
  MAIL_FROM: z.string().min(3).default('Velvet <no-reply@velvet.test>'),
  /** The site's address as links in mails name it (never taken from a request's Host header). */
  PUBLIC_URL: z.string().url().optional(),
  /** `development` lets GraphQL introspection through (schema tools); anything else refuses it. */
  NODE_ENV: z.string().optional(),
  /**
   * The proxies in front of the server whose X-Forwarded-* and cf-ipcountry headers are believed: a comma-separated
   * list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal. Empty (the default): nobody's.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .superRefine((entries, check) => {
      for (const problem of entries.map(proxyEntryProblem))
        if (problem) check.addIssue({ code: 'custom', message: problem });
    }),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute; holds the PGlite database, media files, the remote store and the token secret. */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  instanceName: string;
  drainNoticeMs: number;
  logLevel: z.infer<typeof environment>['LOG_LEVEL'];
  seedScale: number;
  jwtSecret: string;
  /** Where the built shell and remotes are read from (shell/dist, mf-* /dist). */
  repoRoot: string;
  /** When the server ends a canary by itself (CANARY_AUTO_ROLLBACK unless the environment says otherwise). */
  canaryAutoRollback: { minLoads: number; failureShare: number };
  demoDayMinutes: number;
  /** Names of demo performers on line all day, without ticket shows (a demo and test setting). */
  demoAlwaysOnline: string[];
  visitorCacheMs: number;
  /** How long a rendered page is kept (PAGE_CACHE_MS, else VISITOR_CACHE_MS). */
  pageCacheMs: number;
  /** Whether pages are rendered on the server (SERVER_RENDER). */
  serverRender: boolean;
  renderBudgetMs: number;
  /** VAPID subject of web pushes (WEB_PUSH_SUBJECT). */
  webPushSubject: string;
  /** Push service hosts or origins a subscription may name (WEB_PUSH_SERVICES). */
  webPushServices: string[];
  operatorPassword: string | undefined;
  signupsPerAddressPerHour: number;
  anonymousSessionsPerAddressPerHour: number;
  /** Whether GraphQL answers introspection (`__schema`, `__type`): in development only. */
  graphqlIntrospection: boolean;
  /** Addresses, CIDR ranges or range names (loopback, linklocal, uniquelocal) of the trusted proxies. */
  trustProxy: string[];
  /** SMTP_URL; undefined keeps mails in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The origin links in mails start with (PUBLIC_URL, else this server on localhost), without a trailing slash. */
  publicUrl: string;
}

/** The token signing secret is made once per data directory, so tokens survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads and validates the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    // Host name and process id: unique among the processes of a site.
    instanceName: values.INSTANCE_NAME ?? `${hostname()}-${process.pid}`,
    drainNoticeMs: values.DRAIN_NOTICE_MS,
    logLevel: values.LOG_LEVEL,
    seedScale: values.SEED_SCALE,
    jwtSecret: persistedSecret(dataDir),
    repoRoot: REPO_ROOT,
    canaryAutoRollback: {
      minLoads: values.CANARY_ROLLBACK_MIN_LOADS,
      failureShare: values.CANARY_ROLLBACK_FAILURE_SHARE,
    },
    demoDayMinutes: values.DEMO_DAY_MINUTES,
    demoAlwaysOnline: values.DEMO_ALWAYS_ONLINE,
    visitorCacheMs: values.VISITOR_CACHE_MS,
    pageCacheMs: values.PAGE_CACHE_MS ?? values.VISITOR_CACHE_MS,
    serverRender: values.SERVER_RENDER === 'on',
    renderBudgetMs: values.RENDER_BUDGET_MS,
    webPushSubject: values.WEB_PUSH_SUBJECT,
    webPushServices: values.WEB_PUSH_SERVICES,
    operatorPassword: values.OPERATOR_PASSWORD,
    signupsPerAddressPerHour: values.SIGNUPS_PER_ADDRESS_PER_HOUR,
    anonymousSessionsPerAddressPerHour: values.ANONYMOUS_SESSIONS_PER_ADDRESS_PER_HOUR,
    trustProxy: values.TRUST_PROXY,
    graphqlIntrospection: values.NODE_ENV === 'development',
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
  };
}
