import autocannon from 'autocannon';
import {
  actorSearchEndpoints,
  FEED_PAGE_SIZE,
  feedOperations,
  federationEndpoints,
  guestEndpoints,
  searchEndpoints,
  SANDBOX_CARDS,
  subscriptionEndpoints,
  tvEndpoints,
  videosQuery,
  type Endpoint,
} from '@velvet/contracts';
import type { Report } from './report';
import { startServer } from './servers';

export const CONNECTIONS = 100;
export const P99_BUDGET_MS = 50;

export interface Target {
  name: string;
  /** Catalogue reads are held to 25 % of the hello-world throughput. */
  catalogue: boolean;
  method: Endpoint['method'];
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Session {
  anonymousToken: string;
  guestToken: string;
}

/** A session for the benchmarks: an anonymous token and the demo guest's (balance needs a guest). */
export async function openSession(base: string): Promise<Session> {
  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${base}/rest/v1${path}`, {
      method: 'POST',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { accessToken: string };
  };
  const anonymous = await post('/auth/anonymous');
  const guest = await post('/auth/login', { email: 'demo@velvet.test', password: 'velvet-demo' });
  return { anonymousToken: anonymous.accessToken, guestToken: guest.accessToken };
}

/** Actor search as the search page sends it first: default search, rank order, page 1. */
export function actorSearchTarget(): Target {
  const { search } = actorSearchEndpoints;
  return {
    name: `actor search (${search.method} ${search.path})`,
    catalogue: true,
    method: search.method,
    path: `/rest/v1${search.path}`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(search.body!.parse({ requestId: 1 })),
  };
}

/**
 * The global search as the navbar's overlay asks while a guest types (every kind's best few and totals) and as a
 * result page of videos asks (its first page with the total), for a performer's name with a letter wrong: the
 * trigram and full-text indexes at work. Read by the scale section only, where the catalogue is large.
 */
export function globalSearchTargets(): Target[] {
  const path = `/rest/v1${searchEndpoints.search.path.replace(':language', 'en').replace(':searchPattern', 'kisslyvia')}`;
  return [
    { name: 'global search proposals (GET searchResult/search)', catalogue: true, method: 'GET', path },
    {
      name: 'global search, videos page (GET searchResult/search)',
      catalogue: true,
      method: 'GET',
      path: `${path}?searchType=videos&withTotalCount=1`,
    },
  ];
}

export function catalogueTargets(session: Session): Target[] {
  return [
    actorSearchTarget(),
    {
      name: 'video grid (POST /graphql videos)',
      catalogue: true,
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.anonymousToken}` },
      body: JSON.stringify({ query: videosQuery.document, variables: { filter: { type: 'all', page: 1 } } }),
    },
  ];
}

/** The feed page's first page as the page asks for it, for a visitor and for a logged-in guest (her likes, purchases). */
function feedTargets(session: Session): Target[] {
  const body = JSON.stringify({
    query: feedOperations.feed.document,
    variables: { first: FEED_PAGE_SIZE, mode: 'MIXED' },
  });
  const request = { catalogue: false, method: 'POST', path: '/feed/graphql', body } as const;
  return [
    {
      name: 'feed page, visitor (POST /feed/graphql feed)',
      ...request,
      headers: { 'content-type': 'application/json' },
    },
    {
      name: 'feed page, guest (POST /feed/graphql feed)',
      ...request,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.guestToken}` },
    },
  ];
}

/**
 * The first rendition playlist a TV master names, resolved against the master's URL: what a player reloads every
 * segment for as long as it plays (a premium one signed for the guest, checked against her subscription each time).
 */
async function tvPlaylist(base: string, type: 'live' | 'premium', headers: Record<string, string>): Promise<string> {
  const stream = await fetch(`${base}/rest/v1${tvEndpoints.stream.path.replace(':type', type)}`, { headers });
  if (!stream.ok) throw new Error(`tv/stream/${type}: ${stream.status} ${await stream.text()}`);
  const { streamUrl } = (await stream.json()) as { streamUrl: string | null };
  if (!streamUrl) throw new Error(`tv/stream/${type}: no stream for this guest, or nothing on air`);
  const master = new URL(streamUrl, base);
  const uri = (await (await fetch(master)).text()).split('\n').find((line) => line && !line.startsWith('#'));
  if (!uri) throw new Error(`${master.pathname}: names no rendition`);
  const rendition = new URL(uri, master);
  return `${rendition.pathname}${rendition.search}`;
}

/** Makes the demo guest a TV subscriber (a sandbox card); one who is already is left as she is. */
async function subscribeToTv(base: string, session: Session): Promise<void> {
  const response = await fetch(`${base}/rest/v1${subscriptionEndpoints.subscribe.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${session.guestToken}`,
      'idempotency-key': 'bench-tv-subscription',
    },
    body: JSON.stringify({ plan: 'tv', cardNumber: SANDBOX_CARDS.succeeds }),
  });
  const { code } = response.ok ? { code: null } : ((await response.json()) as { code?: string });
  if (!response.ok && code !== 'SUBSCRIPTION_ACTIVE') throw new Error(`TV subscription: ${response.status} ${code}`);
}

/** The live TV playlists as a playing player reloads them: the free channel, and premium for a subscriber. */
export async function tvTargets(base: string, session: Session): Promise<Target[]> {
  await subscribeToTv(base, session);
  const guest = { authorization: `Bearer ${session.guestToken}` };
  return [
    {
      name: 'live TV playlist, free channel (GET /live/tv/live/…/index.m3u8)',
      catalogue: false,
      method: 'GET',
      path: await tvPlaylist(base, 'live', {}),
    },
    {
      name: 'live TV playlist, premium for a subscriber (GET /live/tv/premium/…/index.m3u8, signed)',
      catalogue: false,
      method: 'GET',
      path: await tvPlaylist(base, 'premium', guest),
    },
  ];
}

export function httpTargets(session: Session): Target[] {
  return [
    ...catalogueTargets(session),
    ...feedTargets(session),
    {
      name: `guest balance (GET ${guestEndpoints.balance.path})`,
      catalogue: false,
      method: 'GET',
      path: `/rest/v1${guestEndpoints.balance.path}`,
      headers: { authorization: `Bearer ${session.guestToken}` },
    },
    {
      name: `federation manifest (GET ${federationEndpoints.manifest.path})`,
      catalogue: false,
      method: 'GET',
      path: `/rest/v1${federationEndpoints.manifest.path}`,
    },
  ];
}

export interface LoadResult {
  rps: number;
  /** Null when no request was answered in time (autocannon then reports 0). */
  p99: number | null;
  p50: number | null;
  errors: number;
  non2xx: number;
  total: number;
}

export type Request = Pick<Target, 'method' | 'path' | 'headers' | 'body'>;

export interface LoadOptions {
  /** Concurrent connections; 100 unless said. */
  connections?: number;
  /** Requests to make in all: the run ends after them instead of after `seconds`. */
  amount?: number;
}

/**
 * One autocannon run, bounded in time (or in requests), loopback only. Several requests are sent in turn by each
 * connection, so a run of a list loads them mixed.
 */
export async function load(
  base: string,
  target: Request | readonly Request[],
  seconds: number,
  { connections = CONNECTIONS, amount }: LoadOptions = {},
): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(base)) throw new Error('the bench loads loopback servers only');
  const requests = Array.isArray(target) ? target : [target as Request];
  const result = await autocannon({
    url: `${base}${requests[0]!.path}`,
    requests: requests.map(({ method, path, headers, body }) => ({ method, path, headers, body })),
    connections,
    duration: seconds,
    amount,
  });
  const answered = result['2xx'] > 0;
  return {
    rps: result.requests.average,
    p99: answered ? result.latency.p99 : null,
    p50: answered ? result.latency.p50 : null,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** Checks the answer once before loading it: a load test of error answers measures nothing. */
async function check(base: string, target: Target): Promise<void> {
  const response = await fetch(`${base}${target.path}`, {
    method: target.method,
    headers: target.headers,
    body: target.body,
  });
  const text = await response.text();
  if (!response.ok || text.includes('"errors"'))
    throw new Error(`${target.name}: ${response.status} ${text.slice(0, 300)}`);
}

/** A Velvet server under load, by the database it runs on. */
export interface Site {
  database: string;
  url: string;
}

export async function benchHttp(report: Report, sites: Site[], seconds: number): Promise<void> {
  report.begin(`4. REST and structured query (autocannon, ${CONNECTIONS} connections, ${seconds} s each)`);
  const hello = await startServer('hello-server.ts');
  let helloRps: number;
  try {
    await load(hello.url, { method: 'GET', path: '/' }, Math.min(3, seconds)); // warm-up
    const baseline = await load(hello.url, { method: 'GET', path: '/' }, seconds);
    helloRps = baseline.rps;
    report.add('bare Fastify hello-world: requests/s', baseline.rps, 'req/s');
    report.add('bare Fastify hello-world: p99', baseline.p99, 'ms');
  } finally {
    await hello.stop();
  }
  for (const site of sites) {
    const session = await openSession(site.url);
    for (const target of [...httpTargets(session), ...(await tvTargets(site.url, session))]) {
      await check(site.url, target);
      await load(site.url, target, Math.min(3, seconds)); // warm-up: JIT, caches, prepared statements
      const result = await load(site.url, target, seconds);
      const failed = result.errors + result.non2xx;
      const note = failed ? `${failed} of ${result.total} answers failed` : undefined;
      const name = `${site.database}: ${target.name}`;
      report.add(`${name}: requests/s`, result.rps, 'req/s', undefined, note);
      report.add(`${name}: p99`, result.p99, 'ms', { kind: 'max', limit: P99_BUDGET_MS });
      if (target.catalogue) {
        report.add(`${name}: share of hello-world throughput`, result.rps / helloRps, 'x', {
          kind: 'min',
          limit: 0.25,
        });
      }
    }
  }
}
