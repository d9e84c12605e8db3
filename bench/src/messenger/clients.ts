// The messenger section's guests in their own process: one socket session each (requestSession, ackSession), each
// with her conversation. A message's time runs from its send to the server's `channel` push carrying it back, which
// the server sends once the message is stored in the performer's conversation; a performer's answer is timed from
// when the answering began (the parent's figure) to its `channel` push at the guest.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { MessengerClientsReply, MessengerClientsRequest, MessengerGuest } from '../ipc';

const CONCURRENT_OPENS = 200;
const PING_MS = 45_000;
const now = () => performance.timeOrigin + performance.now();

interface Client {
  socket: WebSocket;
  guest: MessengerGuest;
}

const clients: Client[] = [];
/** Messages on their way: client message id → when it was sent. */
const sending = new Map<string, number>();
const latencies: number[] = [];
let lastReceivedAt = 0;
let onAllDelivered: (() => void) | null = null;
let answersExpected = false;
const answeredAt: number[] = [];
let onAllAnswered: (() => void) | null = null;

const reply = (message: MessengerClientsReply) => process.send?.(message);

function handle(data: WebSocket.RawData): void {
  const message = JSON.parse(data.toString()) as {
    type: string;
    message?: { clientMessageId: string | null; senderType: string };
  };
  if (message.type !== 'channel' || !message.message) return;
  const at = now();
  const id = message.message.clientMessageId;
  if (id && sending.has(id)) {
    latencies.push(at - sending.get(id)!);
    sending.delete(id);
    lastReceivedAt = at;
    if (sending.size === 0) onAllDelivered?.();
  } else if (answersExpected && message.message.senderType === 'actor') {
    answeredAt.push(at);
    if (answeredAt.length === clients.length) onAllAnswered?.();
  }
}

function open(url: string, guest: MessengerGuest): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error('no ackSession')), 60_000);
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'requestSession', language: 'en', accessToken: guest.token })),
    );
    socket.on('message', (data) => {
      if ((JSON.parse(data.toString()) as { type: string }).type === 'ackSession') {
        clearTimeout(timer);
        clients.push({ socket, guest });
        socket.removeAllListeners('message');
        socket.on('message', handle);
        // The hub closes sockets idle for two and a half ping intervals; a guest waiting between phases pings.
        const ping = setInterval(
          () => socket.readyState === socket.OPEN && socket.send(JSON.stringify({ type: 'ping' })),
          PING_MS,
        );
        ping.unref();
        resolve();
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function send(client: Client): void {
  const clientMessageId = randomUUID();
  sending.set(clientMessageId, now());
  client.socket.send(
    JSON.stringify({
      type: 'sendMessage',
      channelId: client.guest.channelId,
      messageType: 'text',
      senderType: 'guest',
      isVideochat: false,
      isFreechat: false,
      data: { text: 'Hello from the bench' },
      includedGifts: [],
      chatId: null,
      clientMessageId,
      accessToken: client.guest.token,
    }),
  );
}

/** Resolves when every message sent was delivered, or at the timeout; answers the deliveries. */
function delivered(firstSentAt: number, timeoutMs: number): Promise<MessengerClientsReply> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      onAllDelivered = null;
      resolve({
        type: 'delivered',
        latencies: latencies.splice(0),
        missing: sending.size,
        firstSentAt,
        lastReceivedAt,
      });
      sending.clear();
    };
    const timer = setTimeout(done, timeoutMs);
    onAllDelivered = done;
    if (sending.size === 0) done();
  });
}

process.on('message', (request: MessengerClientsRequest) => {
  if (request.type === 'open') {
    void (async () => {
      let failed = 0;
      for (let next = 0; next < request.guests.length; next += CONCURRENT_OPENS)
        await Promise.all(
          request.guests
            .slice(next, next + CONCURRENT_OPENS)
            .map((guest) => open(request.url, guest).catch(() => failed++)),
        );
      reply({ type: 'connected', count: clients.length, failed });
    })();
  } else if (request.type === 'burst') {
    const firstSentAt = now();
    for (const client of clients) send(client);
    void delivered(firstSentAt, request.timeoutMs).then(reply);
  } else if (request.type === 'paced') {
    // One tick every 10 ms sends its share of the rate from the next guests in turn (each guest far below the
    // socket's own limit of messages a second).
    const firstSentAt = now();
    const total = Math.round(request.rate * request.seconds);
    let sent = 0;
    let turn = 0;
    const tick = setInterval(() => {
      const due = Math.min(total, Math.round(((now() - firstSentAt) / 1000) * request.rate));
      for (; sent < due; sent++) send(clients[turn++ % clients.length]!);
      if (sent >= total) {
        clearInterval(tick);
        void delivered(firstSentAt, request.timeoutMs).then(reply);
      }
    }, 10);
  } else if (request.type === 'expectAnswers') {
    answersExpected = true;
    answeredAt.length = 0;
    const done = () => {
      clearTimeout(timer);
      onAllAnswered = null;
      answersExpected = false;
      const missing = clients.length - answeredAt.length;
      reply({ type: 'answers', receivedAt: answeredAt.splice(0), missing });
    };
    const timer = setTimeout(done, request.timeoutMs);
    onAllAnswered = done;
    reply({ type: 'expecting' });
  } else if (request.type === 'stop') {
    for (const client of clients) client.socket.terminate();
    setTimeout(() => process.exit(0), 200);
  }
});
