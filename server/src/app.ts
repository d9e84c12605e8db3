import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { SOCKET_PATH } from '@velvet/contracts';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { migrateAll } from './db/migrate';
import { installGraphql } from './graphql';
import { installAuth, verifyToken } from './http/auth';
import { seedOnce } from './db/seed';
import { bundleStatic, IMMUTABLE } from './http/bundles';
import { frameworkErrors, installErrorHandler } from './http/errors';
import { installRequestLog, loggerOptions } from './http/logging';
import { proxyTrust } from './http/proxy';
import { docsPolicy, installSecurityHeaders } from './http/security-headers';
import { VisitorCache } from './http/visitor-cache';
import { MEDIA_URL_PREFIX, SharpImageStore } from './media/store';
import { MODULES } from './modules';
import { SessionRegistry } from './modules/auth/sessions';
import { federationModule, tenantRouteTables } from './modules/federation';
import { pageHeads, seoModule } from './modules/seo';
import { seoTextsIn } from './modules/seo/seo-texts';
import { pageBodies, renderModule } from './modules/render';
import { UNCACHED_REMOTE_FILES, remoteStoreDir } from './modules/federation/store';
import type { ModuleContext, ServerModule } from './modules/module';
import { systemClock } from './clock';
import { installShell } from './shell-html';
import { visitorOf } from './http/visitor';
import { GonePages } from './http/gone-pages';
import { Hub } from './socket/hub';
import { StatusBar } from './socket/status-bar';
import { HEALTH_PATH, INSTANCE_HEADER, openBus } from './cluster/bus';
import { Processes } from './cluster/processes';
import { openLeases } from './leases/leases';

export const REST_PREFIX = '/rest/v1';

export interface VelvetApp {
  app: FastifyInstance;
  ctx: ModuleContext;
  modules: readonly ServerModule[];
  database: DatabaseHandle;
  /** Runs every module's seed in order unless a seed already ran on this database; answers whether it ran. */
  seedOnce(scale: number): Promise<boolean>;
  /** Starts the modules' background jobs and this process's heartbeat; close() stops them. */
  startJobs(): void;
  /**
   * Stops module jobs, sends the sockets to another process (CLOSE_SERVICE_RESTART), lets the requests under way
   * finish while taking no new ones, then closes the bus and the database.
   */
  close(): Promise<void>;
  /** From now on the health check answers 503, so the balancer sends new requests elsewhere; nothing else changes. */
  drain(): void;
}

/** One process at a time migrates and seeds; the others wait and find it done (see DatabaseHandle.exclusive). */
const MIGRATIONS_LOCK = 'database: migrations';
const SEED_LOCK = 'database: seed';

export interface BuildOptions {
  modules?: readonly ServerModule[];
  /** An already opened database (tests); otherwise opened from the config. Migrations run either way. */
  database?: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

/**
 * The whole server as one Fastify instance: opens and migrates the database, then registers auth, the socket,
 * static files, each module's routes (an encapsulated plugin under /rest/v1), the structured-query endpoints,
 * OpenAPI docs and the shell's HTML. Seeding and jobs are left to the caller (main.ts, tests).
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<VelvetApp> {
  const modules = options.modules ?? MODULES;
  const database = options.database ?? (await openDatabase(config));
  await database.exclusive(MIGRATIONS_LOCK, () => migrateAll(database, modules));

  // Forwarding headers (request.ip, request.protocol, the CDN's country) count only from TRUST_PROXY's peers.
  const trustsProxy = proxyTrust(config.trustProxy);
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // Fastify's two info lines per request are off; installRequestLog writes the few an operator needs.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: (address) => trustsProxy(address),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
  });
  app.decorate('trustsProxy', trustsProxy);
  const bus = await openBus(config, app.log);
  // Every answer names the process that served it: behind a balancer, the first thing to know about a request.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header(INSTANCE_HEADER, bus.instance);
  });
  installErrorHandler(app);
  installRequestLog(app);
  await installSecurityHeaders(app);
  // Scripts, styles and JSON go out gzipped to clients that accept it (the shell alone is about a megabyte
  // raw); small answers are left as they are.
  await app.register(fastifyCompress, { global: true, encodings: ['gzip', 'deflate'], threshold: 1024 });
  const sessions = new SessionRegistry(database.db);
  await installAuth(app, config.jwtSecret, sessions);

  const hub = new Hub(
    app.log,
    (token) => verifyToken(app, token),
    () => ctx.now().getTime(),
    bus,
  );
  /** Set once the process is told to stop: its health answers 503 and its heartbeat says so. */
  let draining = false;
  const mediaDir = path.join(config.dataDir, 'media');
  await mkdir(mediaDir, { recursive: true });
  const leases = openLeases(config.databaseUrl, app.log);
  const ctx: ModuleContext = {
    db: database.db,
    config,
    log: app.log,
    hub,
    images: new SharpImageStore(mediaDir, config.jwtSecret),
    now: systemClock,
    visitorCache: new VisitorCache(config.visitorCacheMs, () => ctx.now().getTime()),
    sessions,
    hooks: {},
    statusBar: new StatusBar(hub, bus),
    bus,
    processes: new Processes(
      bus,
      () => ({ sockets: hub.connectionCount, draining }),
      () => ctx.now().getTime(),
      systemClock().getTime(),
    ),
    leases,
  };
  for (const module of modules) Object.assign(ctx.hooks, module.hooks?.(ctx));

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Velvet platform API', version: '1' } },
    // Only the REST routes (zod schemas) are documented; GraphQL, the socket and static files are not.
    transform: (input) =>
      input.url.startsWith(REST_PREFIX) ? jsonSchemaTransform(input) : { schema: { hide: true }, url: input.url },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', transformStaticCSP: docsPolicy });

  // The balancer's health check: 503 once the process drains, so new requests go to the others.
  app.get(HEALTH_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining) return reply.code(503).send({ status: 'draining', instance: bus.instance });
    return { status: 'ok', instance: bus.instance, sockets: hub.connectionCount };
  });

  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  // The upgrade's answer is written by ws, not through a reply: it names the process too.
  app.websocketServer.on('headers', (headers: string[]) => headers.push(`${INSTANCE_HEADER}: ${bus.instance}`));
  app.get(SOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket, request) =>
    hub.attach(socket, request.raw.socket, visitorOf(request) ?? null),
  );

  // Images above their free age rating are served only at the signed URLs verified guests get; unsigned, they are
  // refused or (performers' pictures) answer their blurred variant, kept briefly as the rating may change.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(MEDIA_URL_PREFIX)) return;
    const access = ctx.images.access(request.url, ctx.now());
    if (access.answer === 'refused')
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .send({ statusCode: 403, code: 'AGE_CHECK_REQUIRED', message: 'This image needs an age check' });
    if (access.answer === 'blurred')
      return reply.type('image/webp').header('cache-control', 'public, max-age=3600').send(access.webp);
  });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    // Media keys never change content, so browsers may keep them for a year.
    maxAge: '365d',
    immutable: true,
  });

  const remotesDir = remoteStoreDir(config);
  await mkdir(remotesDir, { recursive: true });
  await app.register(
    fastifyStatic,
    bundleStatic(remotesDir, '/remotes/', (name) => (UNCACHED_REMOTE_FILES.has(name) ? 'no-cache' : IMMUTABLE)),
  );

  await leases.join(async () => {
    for (const module of modules) await module.prepare?.(ctx);
  });
  // REST speaks zod (the contracts' schemas); the compilers are set once for this scope, so mercurius and the
  // static routes outside it keep Fastify's JSON-schema defaults.
  await app.register(
    async (rest) => {
      rest.setValidatorCompiler(validatorCompiler);
      rest.setSerializerCompiler(serializerCompiler);
      for (const module of modules) if (module.routes) await rest.register(module.routes(ctx));
    },
    { prefix: REST_PREFIX },
  );
  for (const module of modules) if (module.rootRoutes) await app.register(module.rootRoutes(ctx));
  for (const module of modules) module.socket?.(ctx);
  await installGraphql(app, ctx, modules);
  const routeTables = modules.includes(federationModule) ? tenantRouteTables(ctx) : null;
  await installShell(
    app,
    config,
    routeTables ? (tenant, host) => routeTables.routes(tenant, host) : undefined,
    modules.includes(seoModule) ? pageHeads(ctx) : undefined,
    modules.includes(renderModule)
      ? await pageBodies(
          ctx,
          app,
          modules.includes(seoModule) ? (tags, language, brand) => seoTextsIn(ctx, tags, language, brand) : undefined,
        )
      : undefined,
    routeTables ? new GonePages(ctx) : undefined,
  );

  const stops: Array<() => void> = [];
  return {
    app,
    ctx,
    modules,
    database,
    seedOnce: (scale) => database.exclusive(SEED_LOCK, () => seedOnce(ctx, modules, scale)),
    startJobs: () => {
      ctx.processes.start();
      for (const module of modules) if (module.start) stops.push(module.start(ctx));
    },
    drain: () => {
      draining = true;
      void ctx.processes.beat();
    },
    close: async () => {
      for (const stop of stops.splice(0)) stop();
      await hub.close();
      await ctx.processes.stop();
      await app.close();
      await bus.close();
      await leases.close();
      await database.close();
    },
  };
}
