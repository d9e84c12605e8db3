import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A real HTTP server for client tests: records every request and answers with the handler's status and JSON. */
export async function startHttpServer(handler: (request: RecordedRequest) => { status: number; body: unknown }) {
  const requests: RecordedRequest[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://localhost'),
        headers: req.headers,
        // JSON as parsed; another body (a multipart upload) as its text.
        body: !raw ? undefined : req.headers['content-type']?.includes('json') ? JSON.parse(raw) : raw,
      };
      requests.push(request);
      waiters.forEach((wake) => wake());
      const answer = handler(request);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    /** Resolves with the first request, recorded or still to come, that matches. */
    received: (matches: (request: RecordedRequest) => boolean) =>
      new Promise<RecordedRequest>((resolve) => {
        const wake = () => {
          const found = requests.find(matches);
          if (!found) return;
          waiters.delete(wake);
          resolve(found);
        };
        waiters.add(wake);
        wake();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
