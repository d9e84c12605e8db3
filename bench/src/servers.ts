import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MemoryReply, ParentRequest, ServerReply } from './ipc';
import { forkScript, freePort, nextMessage, stopChild } from './processes';

export interface BenchServer {
  url: string;
  child: ChildProcess;
  seedMs: number | undefined;
  /** Catalogue size after a --scale seed. */
  scaled: { actors: number; videos: number } | null;
  memory(): Promise<MemoryReply>;
  broadcast(actorName: string): Promise<number>;
  /** CPU time (ms) the server used since its last broadcast began. */
  cpuSinceBroadcast(): Promise<number>;
  stop(): Promise<void>;
}

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), `velvet-bench-${prefix}-`));
}

/** Starts a server script (velvet-server.ts or a baseline) on a free loopback port and waits until it listens. */
export async function startServer(
  script: string,
  env: NodeJS.ProcessEnv = {},
  options: { readyTimeoutMs?: number; cleanup?: string[] } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const child = forkScript(script, [], {
    env: { PORT: String(port), LOG_LEVEL: 'warn', ...env },
    execArgv: ['--expose-gc', '--max-old-space-size=4096'],
  });
  const ready = await nextMessage<ServerReply>(child, (m) => m.type === 'ready', options.readyTimeoutMs ?? 600_000);
  const request = <T extends ServerReply>(message: ParentRequest, type: T['type']) => {
    const answer = nextMessage<ServerReply>(child, (m) => m.type === type, 30_000);
    child.send(message);
    return answer as Promise<T>;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    seedMs: ready.type === 'ready' ? ready.seedMs : undefined,
    scaled:
      ready.type === 'ready' && ready.actors !== undefined ? { actors: ready.actors, videos: ready.videos ?? 0 } : null,
    memory: () => request<MemoryReply & ServerReply>({ type: 'memory' }, 'memory'),
    broadcast: async (actorName) => {
      const message = { type: 'actorOnline' as const, actorId: 999_999, actorName };
      const answer = await request<Extract<ServerReply, { type: 'broadcasted' }>>(
        { type: 'broadcast', message },
        'broadcasted',
      );
      return answer.sentAt;
    },
    cpuSinceBroadcast: async () => (await request<Extract<ServerReply, { type: 'cpu' }>>({ type: 'cpu' }, 'cpu')).ms,
    stop: async () => {
      await stopChild(child);
      for (const dir of options.cleanup ?? []) await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface VelvetServer extends BenchServer {
  dataDir: string;
  /**
   * Stops this server and starts it again on the same data directory with more environment (a setting the server
   * reads at start); the new server removes what this one would have removed.
   */
  restart(env: NodeJS.ProcessEnv): Promise<VelvetServer>;
}

/** A Velvet server on a fresh data directory (removed on stop unless kept for a copy). */
export async function startVelvet(
  options: { dataDir?: string; env?: NodeJS.ProcessEnv; keepData?: boolean; alsoRemove?: string[] } = {},
): Promise<VelvetServer> {
  const dataDir = options.dataDir ?? (await tempDir('data'));
  const cleanup = [...(options.keepData ? [] : [dataDir]), ...(options.alsoRemove ?? [])];
  const server = await startServer('velvet-server.ts', { DATA_DIR: dataDir, ...options.env }, { cleanup });
  return {
    ...server,
    dataDir,
    restart: async (env) => {
      await stopChild(server.child);
      // Handed over: stopping this server later must not remove the directory the new one runs on.
      cleanup.splice(0);
      return startVelvet({ ...options, dataDir, env: { ...options.env, ...env } });
    },
  };
}
