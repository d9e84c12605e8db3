// A Velvet server for the bench, started as its own process (so its memory and CPU are its own): the real
// buildApp of server/src with the environment's config. BENCH_REPO_ROOT points it at another checkout layout
// (the single-bundle shell); BENCH_SCALE multiplies the catalogue after the seed; BENCH_NO_SEED and BENCH_NO_JOBS leave out seeding and the demo jobs (the socket
// fan-out must not see the demo performers' actorOnline pushes). The parent talks to it over IPC.
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import type { IncomingMessage } from '@velvet/contracts';
import type { ParentRequest, ServerReply } from './ipc';
import { expandCatalogue } from './scale-seed';
import { messengerGuests, performersAnswer } from './messenger/server';

const config = loadConfig();
if (process.env.BENCH_REPO_ROOT) config.repoRoot = process.env.BENCH_REPO_ROOT;
const velvet = await buildApp(config);
const seedStarted = performance.now();
const seeded = process.env.BENCH_NO_SEED ? false : await velvet.seedOnce(config.seedScale);
// BENCH_SCALE=500: the demo catalogue copied in the database up to 50,000 performers and 500,000 videos.
const scaled = process.env.BENCH_SCALE
  ? await expandCatalogue(velvet.database.db, Number(process.env.BENCH_SCALE))
  : null;
const seedMs = Math.round(performance.now() - seedStarted);
if (!process.env.BENCH_NO_JOBS) velvet.startJobs();
await velvet.app.listen({ port: config.port, host: '127.0.0.1' });

const reply = (message: ServerReply) => process.send?.(message);
let broadcastCpu = process.cpuUsage();
process.on('message', (request: ParentRequest) => {
  if (request.type === 'broadcast') {
    broadcastCpu = process.cpuUsage();
    const sentAt = performance.timeOrigin + performance.now();
    velvet.ctx.hub.broadcast(request.message as IncomingMessage);
    reply({ type: 'broadcasted', sentAt });
  } else if (request.type === 'cpu') {
    const used = process.cpuUsage(broadcastCpu);
    reply({ type: 'cpu', ms: (used.user + used.system) / 1000 });
  } else if (request.type === 'memory') {
    global.gc?.();
    reply({ type: 'memory', ...process.memoryUsage(), connections: velvet.ctx.hub.connectionCount ?? 0 });
  } else if (request.type === 'messengerGuests') {
    void messengerGuests(velvet, request.count).then((guests) => reply({ type: 'messengerGuests', guests }));
  } else if (request.type === 'performersAnswer') {
    void performersAnswer(velvet).then((answered) => reply({ type: 'performersAnswered', ...answered }));
  } else if (request.type === 'stop') {
    void velvet.close().then(() => process.exit(0));
  }
});
reply({ type: 'ready', port: config.port, seeded, seedMs, ...scaled });
