// Section 7: the attacks a hostile visitor can make cheaply, tried against a freshly seeded server on loopback.
// Each line prints what the attack achieved beside what a defended server allows; the money and session attacks
// that need the server's clock (a chat billed without its guest, downtime billed after a restart, expired
// video URLs) are proven by the server's own tests instead.
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { actorSearchEndpoints, videosQuery } from '@velvet/contracts';
import type { Report } from './report';
import type { BenchServer } from './servers';

const LEGACY_OPERATOR = { email: 'operator@velvet.test', password: 'velvet-operator' };
/** The password the attacked server is started with (OPERATOR_PASSWORD), to read its health view afterwards. */
export const OPERATOR = { email: LEGACY_OPERATOR.email, password: 'bench operator passphrase 2026' };
const STRONG_PASSWORD = 'correct horse battery staple 42';

type Answer = { status: number; ms: number; bytes: number; text: string };

async function send(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, init);
    const text = await response.text();
    return { status: response.status, ms: performance.now() - started, bytes: text.length, text };
  } catch (error) {
    // A server that refuses a body by closing the connection ends the request here.
    return { status: 0, ms: performance.now() - started, bytes: 0, text: String(error) };
  }
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@attack.test`;

/** The slowest of `count` /alive answers asked while `during` runs: whether the attack stalls everyone else. */
async function aliveDuring(base: string, during: Promise<unknown>, count = 10): Promise<number> {
  let slowest = 0;
  let done = false;
  const probing = (async () => {
    for (let i = 0; i < count && !done; i++) {
      slowest = Math.max(slowest, (await send(base, '/rest/v1/alive')).ms);
    }
  })();
  await during;
  done = true;
  await probing;
  return slowest;
}

async function anonymousToken(base: string): Promise<string> {
  const answer = await send(base, '/rest/v1/auth/anonymous', { method: 'POST' });
  return (JSON.parse(answer.text) as { accessToken: string }).accessToken;
}

async function graphqlAliases(report: Report, base: string): Promise<void> {
  const feed = `query { ${Array.from({ length: 1000 }, (_, i) => `a${i}: feed(first: 50) { totalCount nodes { id } }`).join(' ')} }`;
  let feedAnswer: Answer | undefined;
  const stall = await aliveDuring(
    base,
    send(base, '/feed/graphql', json({ query: feed })).then((answer) => (feedAnswer = answer)),
  );
  report.add(`1,000 aliases of feed(first:50): status`, feedAnswer!.status, 'HTTP', { kind: 'min', limit: 400 });
  report.add(`1,000 aliases of feed(first:50): answered in`, feedAnswer!.ms, 'ms', { kind: 'max', limit: 50 });
  report.add(`/alive while it runs (slowest of 10)`, stall, 'ms', { kind: 'max', limit: 100 });

  const token = await anonymousToken(base);
  const fields = videosQuery.document.slice(videosQuery.document.indexOf('{ items'));
  const videos = `query { ${Array.from({ length: 500 }, (_, i) => `v${i}: videos ${fields.slice(0, fields.lastIndexOf('}'))}`).join(' ')} }`;
  const answer = await send(base, '/graphql', json({ query: videos }, { authorization: `Bearer ${token}` }));
  report.add(`500 aliases of videos: answer size`, answer.bytes / 1024, 'KB', { kind: 'max', limit: 4 });
  report.add(`500 aliases of videos: answered in`, answer.ms, 'ms', { kind: 'max', limit: 50 });
}

async function anonymousUpload(report: Report, base: string, server: BenchServer): Promise<void> {
  const before = await server.memory();
  const size = 50 * 1024 * 1024;
  const uploads = Array.from({ length: 6 }, () =>
    send(base, '/rest/v1/federation/remotes/mf-tv/versions/9.9.9', {
      method: 'POST',
      headers: { 'content-type': 'application/gzip' },
      body: Buffer.alloc(size),
    }),
  );
  let peak = before.rss;
  let uploading = true;
  const sampling = (async () => {
    while (uploading) peak = Math.max(peak, (await server.memory()).rss);
  })();
  const answers = await Promise.all(uploads);
  uploading = false;
  await sampling;
  report.add(`6 anonymous 50 MB uploads: slowest refusal`, Math.max(...answers.map((a) => a.ms)), 'ms', {
    kind: 'max',
    limit: 1000,
  });
  report.add(`6 anonymous 50 MB uploads: server memory peak above start`, (peak - before.rss) / 1024, 'KB', {
    kind: 'max',
    limit: 30 * 1024,
  });
}

async function forgedLoadReports(report: Report, base: string): Promise<void> {
  const load = (i: number) => ({
    visitor: `forged-${i}`,
    loads: [
      {
        remote: 'mf-tv',
        version: '0.1.0',
        channel: 'canary',
        outcome: 'failure',
        stage: 'entry',
        durationMs: 10,
        error: 'forged',
      },
    ],
  });
  let passed = 0;
  for (let i = 0; i < 300; i++) {
    const answer = await send(
      base,
      '/rest/v1/federation/telemetry/loads',
      json(load(i), { 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` }),
    );
    if (answer.status < 300) passed++;
  }
  report.add(`300 load reports, rotating visitor and X-Forwarded-For: let through`, passed, 'count', {
    kind: 'max',
    limit: 240,
  });
  // What counts towards an automatic canary rollback, as the operator's health view shows it.
  const login = await send(base, '/rest/v1/auth/login', json({ email: OPERATOR.email, password: OPERATOR.password }));
  const token = login.status === 200 ? (JSON.parse(login.text) as { accessToken: string }).accessToken : null;
  const health = token
    ? await send(base, '/rest/v1/federation/health?minutes=60', { headers: { authorization: `Bearer ${token}` } })
    : null;
  const items = health?.status === 200 ? (JSON.parse(health.text) as { items: HealthItem[] }).items : null;
  const counted = items
    ?.filter((item) => item.remote === 'mf-tv' && item.channel === 'canary')
    .reduce((sum, item) => sum + (item.counted?.failures ?? item.failures), 0);
  report.add(`forged failures counted towards a canary rollback`, counted ?? null, 'count', { kind: 'max', limit: 0 });
}

interface HealthItem {
  remote: string;
  channel: string;
  failures: number;
  counted?: { failures: number };
}

async function badInput(report: Report, base: string): Promise<void> {
  const nul = '\u0000';
  const probes: Array<[string, RequestInit?]> = [
    [`/rest/v1/actor/getActorDataByIdOrName/${encodeURIComponent(`x${nul}`)}`],
    [`/rest/v1/actor/getActorDataByIdOrName/${2 ** 31 + 5}`],
    [`/rest/v1/actor/getActorDataByIdOrName/${2 ** 53 - 1}`],
    ['/rest/v1/auth/login', json({ email: `a${nul}@b.test`, password: 'x' })],
    ['/rest/v1/auth/signup', json({ email: `a${nul}@b.test`, password: STRONG_PASSWORD, name: `n${nul}ame` })],
    ['/rest/v1/federation/telemetry/loads', json({ visitor: `v${nul}`, loads: [] })],
    [`/rest/v1/video/${2 ** 31 + 5}`],
    [`/rest/v1/actor/getActorStateById/${2 ** 31 + 5}`],
    [`/rest/v1/contests/getContestGuestData/${2 ** 31 + 5}`],
  ];
  let serverErrors = 0;
  for (const [path, init] of probes) if ((await send(base, path, init)).status >= 500) serverErrors++;
  report.add(`NUL characters and ids past 2^31 on ${probes.length} routes: 5xx answers`, serverErrors, 'count', {
    kind: 'max',
    limit: 0,
  });
}

async function accounts(report: Report, base: string): Promise<void> {
  const legacy = await send(base, '/rest/v1/auth/login', json(LEGACY_OPERATOR));
  report.add(`login as operator@velvet.test / velvet-operator: status`, legacy.status, 'HTTP', {
    kind: 'min',
    limit: 400,
  });

  let weakAccepted = 0;
  for (const password of ['password', '12345678', '        ', 'password1234'])
    if (
      (
        await send(
          base,
          '/rest/v1/auth/signup',
          json({ email: uniqueEmail('weak'), password, name: uniqueEmail('w').slice(0, 20) }),
        )
      ).status < 300
    )
      weakAccepted++;
  report.add(`weak passwords accepted at signup (of 4)`, weakAccepted, 'count', { kind: 'max', limit: 0 });

  // Login flood against one account, then its right password.
  const email = uniqueEmail('flood');
  await send(base, '/rest/v1/auth/signup', json({ email, password: STRONG_PASSWORD, name: email.slice(0, 20) }));
  let limited = 0;
  const started = performance.now();
  for (let i = 0; i < 200; i++) {
    const answer = await send(base, '/rest/v1/auth/login', json({ email, password: `wrong-${i}-password` }));
    if (answer.status === 429) limited++;
  }
  const seconds = (performance.now() - started) / 1000;
  const right = await send(base, '/rest/v1/auth/login', json({ email, password: STRONG_PASSWORD }));
  report.add(`200 wrong logins: answered 429`, limited, 'count', { kind: 'min', limit: 150 });
  report.add(`200 wrong logins: guesses checked per second`, (200 - limited) / seconds, '/s', {
    kind: 'max',
    limit: 5,
  });
  report.add(`the right password right after: status`, right.status, 'HTTP', { kind: 'min', limit: 400 });

  let created = 0;
  for (let i = 0; i < 100; i++) {
    const email = uniqueEmail('mass');
    const answer = await send(
      base,
      '/rest/v1/auth/signup',
      json({ email, password: STRONG_PASSWORD, name: email.slice(0, 20) }),
    );
    if (answer.status < 300) created++;
  }
  report.add(`100 signups from one address: accounts made`, created, 'count', { kind: 'max', limit: 10 });
}

async function socketFlood(report: Report, base: string): Promise<void> {
  const token = await anonymousToken(base);
  const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let closeCode = 0;
  const closed = new Promise<void>((resolve) => socket.once('close', (code) => ((closeCode = code), resolve())));
  socket.send(JSON.stringify({ type: 'requestSession', language: 'en', accessToken: token }));
  const flood = (async () => {
    for (let i = 0; i < 2000 && socket.readyState === WebSocket.OPEN; i++)
      socket.send(JSON.stringify({ type: 'loadChannels', accessToken: token, offset: 0, limit: 50 }));
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 3000))]);
  })();
  const stall = await aliveDuring(base, flood);
  socket.terminate();
  report.add(`2,000 socket messages at once: socket closed (close code)`, closeCode, 'code', {
    kind: 'min',
    limit: 4000,
  });
  report.add(`/alive while the flood runs (slowest of 10)`, stall, 'ms', { kind: 'max', limit: 100 });
}

async function headersAndCache(report: Report, base: string, seconds: number): Promise<void> {
  const home = await fetch(`${base}/en/`);
  const csp = home.headers.get('content-security-policy') ?? '';
  report.add(
    `home has a Content-Security-Policy without unsafe-inline scripts`,
    csp && !/script-src[^;]*unsafe-inline/.test(csp) ? 1 : 0,
    'count',
    { kind: 'min', limit: 1 },
  );
  report.add(
    `home has X-Content-Type-Options nosniff`,
    home.headers.get('x-content-type-options') === 'nosniff' ? 1 : 0,
    'count',
    { kind: 'min', limit: 1 },
  );

  const { search } = actorSearchEndpoints;
  const body = JSON.stringify(search.body!.parse({ requestId: 1 }));
  const path = `/rest/v1${search.path}`;
  const run = (randomParameter: boolean) =>
    autocannon({
      url: `${base}${path}`,
      connections: 50,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          setupRequest: (request) =>
            randomParameter ? { ...request, path: `${path}?r=${Math.random().toString(36).slice(2)}` } : request,
        },
      ],
    });
  const plain = await run(false);
  const random = await run(true);
  report.add(
    `anonymous actor search with a random unknown parameter`,
    random.requests.average,
    'req/s',
    {
      kind: 'min',
      limit: plain.requests.average * 0.5,
    },
    `without it ${Math.round(plain.requests.average)} req/s`,
  );
}

export async function benchAttacks(report: Report, server: BenchServer, seconds: number): Promise<void> {
  report.begin('7. attacks on a fresh server (a met budget means the attack failed)');
  const base = server.url;
  await graphqlAliases(report, base);
  await anonymousUpload(report, base, server);
  await forgedLoadReports(report, base);
  await badInput(report, base);
  await socketFlood(report, base);
  await headersAndCache(report, base, seconds);
  // Last: the account attacks trip the per-address limits that the others would otherwise meet.
  await accounts(report, base);
}
