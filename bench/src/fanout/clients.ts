// N socket clients in their own process: `velvet` speaks the platform's protocol over ws (requestSession, then
// waits for ackSession, so the hub counts it as a session); `socketio` connects socket.io-client over its
// websocket transport. On `expect` each client notes when the broadcast with that actorName arrives.
import WebSocket from 'ws';
import { io, type Socket } from 'socket.io-client';
import type { ClientsReply, ClientsRequest } from '../ipc';

const [kind, url, countText, token] = process.argv.slice(2) as [string, string, string, string | undefined];
const count = Number(countText);
const CONCURRENT_OPENS = 200;
const now = () => performance.timeOrigin + performance.now();

let expected: string | null = null;
const receivedAt: number[] = [];
let onAllReceived: (() => void) | null = null;
function receive(actorName: string): void {
  if (actorName !== expected) return;
  receivedAt.push(now());
  if (receivedAt.length === count) onAllReceived?.();
}

const closers: Array<() => void> = [];

function openVelvet(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error('no ackSession')), 60_000);
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'requestSession', language: 'en', accessToken: token })),
    );
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; actorName?: string };
      if (message.type === 'ackSession') {
        clearTimeout(timer);
        resolve();
      } else if (message.type === 'actorOnline') receive(message.actorName!);
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    closers.push(() => socket.terminate());
    // The hub closes sockets idle for two and a half ping intervals; a long run keeps them alive.
    const ping = setInterval(
      () => socket.readyState === socket.OPEN && socket.send(JSON.stringify({ type: 'ping' })),
      45_000,
    );
    ping.unref();
  });
}

function openSocketIo(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket: Socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
    socket.on('actorOnline', (message: { actorName: string }) => receive(message.actorName));
    closers.push(() => socket.disconnect());
  });
}

const reply = (message: ClientsReply) => process.send?.(message);

async function connectAll(): Promise<void> {
  const started = performance.now();
  const open = kind === 'velvet' ? openVelvet : openSocketIo;
  let failed = 0;
  for (let next = 0; next < count; next += CONCURRENT_OPENS) {
    const batch = Array.from({ length: Math.min(CONCURRENT_OPENS, count - next) }, () => open().catch(() => failed++));
    await Promise.all(batch);
  }
  reply({ type: 'connected', count: count - failed, failed, ms: Math.round(performance.now() - started) });
}

process.on('message', (request: ClientsRequest) => {
  if (request.type === 'expect') {
    expected = request.actorName;
    receivedAt.length = 0;
    const cpu = process.cpuUsage();
    const done = () => {
      clearTimeout(timer);
      onAllReceived = null;
      const used = process.cpuUsage(cpu);
      reply({
        type: 'received',
        receivedAt: [...receivedAt],
        missing: count - receivedAt.length,
        cpuMs: (used.user + used.system) / 1000,
      });
    };
    const timer = setTimeout(done, request.timeoutMs);
    onAllReceived = done;
    process.send?.({ type: 'expecting' });
  } else if (request.type === 'stop') {
    for (const close of closers) close();
    setTimeout(() => process.exit(0), 200);
  }
});
void connectAll();
