// The fan-out baseline: a plain socket.io server (websocket transport) broadcasting the same actorOnline
// message to every connected client, in its own process like Velvet's.
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import type { ParentRequest, ServerReply } from '../ipc';

const http = createServer();
const io = new Server(http, { transports: ['websocket'], serveClient: false });
http.listen(Number(process.env.PORT), '127.0.0.1', () => reply({ type: 'ready', port: Number(process.env.PORT) }));

function reply(message: ServerReply): void {
  process.send?.(message);
}

let broadcastCpu = process.cpuUsage();
process.on('message', (request: ParentRequest) => {
  if (request.type === 'broadcast') {
    broadcastCpu = process.cpuUsage();
    const sentAt = performance.timeOrigin + performance.now();
    io.emit(request.message.type, request.message);
    reply({ type: 'broadcasted', sentAt });
  } else if (request.type === 'cpu') {
    const used = process.cpuUsage(broadcastCpu);
    reply({ type: 'cpu', ms: (used.user + used.system) / 1000 });
  } else if (request.type === 'memory') {
    global.gc?.();
    reply({ type: 'memory', ...process.memoryUsage(), connections: io.engine.clientsCount });
  } else if (request.type === 'stop') {
    io.close(() => process.exit(0));
  }
});
