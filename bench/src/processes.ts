import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const BENCH_DIR = path.resolve(import.meta.dirname, '..');
export const REPO_ROOT = path.resolve(BENCH_DIR, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A TypeScript file of bench/src run in its own Node process (through tsx) with an IPC channel. */
export function forkScript(
  script: string,
  args: string[] = [],
  options: { env?: NodeJS.ProcessEnv; execArgv?: string[]; quiet?: boolean } = {},
): ChildProcess {
  return fork(path.join(BENCH_DIR, 'src', script), args, {
    cwd: BENCH_DIR,
    env: { ...process.env, ...options.env },
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    stdio: options.quiet === false ? 'inherit' : ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

/** The next IPC message of the child that passes `accept`; rejects when the child exits first or on timeout. */
export function nextMessage<T>(child: ChildProcess, accept: (message: T) => boolean, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: T) => {
      if (accept(message)) finish(null, message);
    };
    const onExit = (code: number | null) => finish(new Error(`process exited (${code}) before answering`));
    function finish(error: Error | null, message?: T) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(message as T);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Ends a child and waits for it: asks politely over IPC, then SIGTERM, then SIGKILL. */
export async function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.send({ type: 'stop' });
  const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
  const hard = setTimeout(() => child.kill('SIGKILL'), timeoutMs * 2);
  await exited;
  clearTimeout(timer);
  clearTimeout(hard);
}
