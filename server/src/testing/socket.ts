import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { IncomingMessage } from '@velvet/contracts';

export interface TestSocket {
  send(message: object): void;
  /** The next message of a type (waiting up to `timeoutMs`, 3 s by default), taken out of what arrived. */
  next(type: IncomingMessage['type'], timeoutMs?: number): Promise<IncomingMessage>;
  received: IncomingMessage[];
  /**
   * A ping answered: every message the server sent before it read the ping has arrived, and everything sent
   * before the ping that the server handles without waiting (a frame it drops, a gate it closes) was handled.
   */
  settled(): Promise<void>;
  close(): void;
}

/**
 * A real socket session against a test app, as a browser tab opens one: connects to /ws, sends
 * requestSession with the token and waits for ackSession (`headers` go with the upgrade request, e.g. a cookie).
 * The app starts listening on first use.
 */
export async function openSocketSession(
  app: FastifyInstance,
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the test app is not listening on a port');
  return openSocketSessionAt(address.port, accessToken, headers);
}

/** A real socket session against a server listening on `port` of loopback (e.g. a server process of a test). */
export async function openSocketSessionAt(
  port: number,
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers });
  const received: IncomingMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as IncomingMessage));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const send = (message: object) => socket.send(JSON.stringify({ ...message, accessToken }));
  const next = (type: IncomingMessage['type'], timeoutMs = 3000) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const take = () => {
        const index = received.findIndex((m) => m.type === type);
        if (index < 0) return;
        clearTimeout(timer);
        socket.off('message', take);
        resolve(received.splice(index, 1)[0]!);
      };
      const timer = setTimeout(() => {
        socket.off('message', take);
        reject(new Error(`no ${type}; got ${JSON.stringify(received)}`));
      }, timeoutMs);
      socket.on('message', take);
      take();
    });
  const settled = async () => {
    send({ type: 'ping' });
    await next('pong');
  };
  send({ type: 'requestSession', language: 'en' });
  await next('ackSession');
  return { send, next, received, settled, close: () => socket.close() };
}
