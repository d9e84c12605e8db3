// Messages between the bench and the processes it starts (servers and socket clients), over Node's IPC channel.

export type ParentRequest =
  | { type: 'broadcast'; message: { type: 'actorOnline'; actorId: number; actorName: string } }
  | { type: 'memory' }
  /** CPU time the process used since its last broadcast began (user + system). */
  | { type: 'cpu' }
  | { type: 'stop' };

export interface MemoryReply {
  type: 'memory';
  rss: number;
  heapUsed: number;
  /** Memory outside V8's heap that it knows of: buffers and WebAssembly memories (PGlite's database). */
  external: number;
  connections: number;
}

export type ServerReply =
  | { type: 'ready'; port: number; seeded?: boolean; seedMs?: number; actors?: number; videos?: number }
  | { type: 'broadcasted'; sentAt: number }
  | { type: 'cpu'; ms: number }
  | (MemoryReply & Record<string, number | string>);

export type ClientsReply =
  | { type: 'connected'; count: number; failed: number; ms: number }
  | { type: 'received'; receivedAt: number[]; missing: number; cpuMs: number };

export type ClientsRequest = { type: 'expect'; actorName: string; timeoutMs: number } | { type: 'stop' };
