import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { IncomingMessage } from '@velvet/contracts';

export interface TestSocket {
  send(message: object): void;
  /** The next message of a type (waiting up to 3 s), taken out of what arrived. */
  next(type: IncomingMessage['type']): Promise<IncomingMessage>;
  received: IncomingMessage[];
  close(): void;
}

/**
 * A real socket session against a test app, as a browser tab opens one: connects to /ws, sends
 * requestSession with the token and waits for ackSession. The app starts listening on first use.
 */
export async function openSocketSession(app: FastifyInstance, accessToken: string): Promise<TestSocket> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the test app is not listening on a port');
  const socket = new WebSocket(`ws://127.0.0.1:${address.port}/ws`);
  const received: IncomingMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as IncomingMessage));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const send = (message: object) => socket.send(JSON.stringify({ ...message, accessToken }));
  const next = async (type: IncomingMessage['type']) => {
    for (let waited = 0; waited < 3000; waited += 25) {
      const index = received.findIndex((m) => m.type === type);
      if (index >= 0) return received.splice(index, 1)[0]!;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no ${type}; got ${JSON.stringify(received)}`);
  };
  send({ type: 'requestSession', language: 'en' });
  await next('ackSession');
  return { send, next, received, close: () => socket.close() };
}
