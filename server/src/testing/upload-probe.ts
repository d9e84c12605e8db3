import { request } from 'node:http';

export interface UploadProbe {
  status: number | null;
  /** Milliseconds from the request's start to its answer (or to the connection's end without one). */
  ms: number;
  /** Bytes of the body written before the answer came or the connection ended. */
  sentBeforeAnswer: number;
}

/**
 * Streams `bytes` of upload body to a listening server from one reused chunk, so the client holds no copy of it,
 * and tells when the server answered and how much of the body had gone out by then.
 */
export function probeUpload(url: string, bytes: number, headers: Record<string, string> = {}): Promise<UploadProbe> {
  const chunk = Buffer.alloc(64 * 1024, 7);
  const started = performance.now();
  return new Promise((resolve) => {
    let sent = 0;
    let answered: { status: number; sent: number; ms: number } | null = null;
    const finish = () =>
      resolve({
        status: answered?.status ?? null,
        ms: answered?.ms ?? Math.round(performance.now() - started),
        sentBeforeAnswer: answered?.sent ?? sent,
      });
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/gzip', 'content-length': String(bytes), ...headers },
    });
    req.on('response', (response) => {
      answered = { status: response.statusCode ?? 0, sent, ms: Math.round(performance.now() - started) };
      response.resume();
      response.on('end', () => {
        req.destroy();
        finish();
      });
    });
    req.on('error', finish);
    const write = () => {
      while (sent < bytes && !answered) {
        const part = sent + chunk.length <= bytes ? chunk : chunk.subarray(0, bytes - sent);
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', write);
      }
      if (!answered) req.end();
    };
    write();
  });
}
