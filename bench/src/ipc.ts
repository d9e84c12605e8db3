// Messages between the bench and the processes it starts (servers and socket clients), over Node's IPC channel.

export type ParentRequest =
  | { type: 'broadcast'; message: { type: 'actorOnline'; actorId: number; actorName: string } }
  | { type: 'memory' }
  /** CPU time the process used since its last broadcast began (user + system). */
  | { type: 'cpu' }
  /** Messenger (section 10): logged-in guests, each with a free conversation with one of the demo performers. */
  | { type: 'messengerGuests'; count: number }
  /** Messenger: every bench conversation's performer answers now, through the performers' answering job. */
  | { type: 'performersAnswer' }
  | { type: 'stop' };

export interface MessengerGuest {
  token: string;
  channelId: number;
}

export interface MemoryReply {
  type: 'memory';
  rss: number;
  heapUsed: number;
  /** V8's heap as kept from the system, its free pages included. */
  heapTotal: number;
  /** Memory outside V8's heap that it knows of: buffers and WebAssembly memories (PGlite's database). */
  external: number;
  connections: number;
}

export type ServerReply =
  | { type: 'ready'; port: number; seeded?: boolean; seedMs?: number; actors?: number; videos?: number }
  | { type: 'broadcasted'; sentAt: number }
  | { type: 'cpu'; ms: number }
  | { type: 'messengerGuests'; guests: MessengerGuest[] }
  | { type: 'performersAnswered'; startedAt: number; answered: number }
  | (MemoryReply & Record<string, number | string>);

export type ClientsReply =
  | { type: 'connected'; count: number; failed: number; ms: number }
  | { type: 'received'; receivedAt: number[]; missing: number; cpuMs: number };

export type ClientsRequest = { type: 'expect'; actorName: string; timeoutMs: number } | { type: 'stop' };

/** Between the messenger section and its guests' process. */
export type MessengerClientsRequest =
  | { type: 'open'; url: string; guests: MessengerGuest[] }
  /** Every guest sends one message at once. */
  | { type: 'burst'; timeoutMs: number }
  /** Messages spread over the guests at `rate` a second for `seconds`. */
  | { type: 'paced'; rate: number; seconds: number; timeoutMs: number }
  /** Note when each guest's next performer answer arrives. */
  | { type: 'expectAnswers'; timeoutMs: number }
  | { type: 'stop' };

export type MessengerClientsReply =
  | { type: 'connected'; count: number; failed: number }
  | { type: 'expecting' }
  /** Milliseconds from each send to the server's push of the stored message; when the first left and the last came. */
  | { type: 'delivered'; latencies: number[]; missing: number; firstSentAt: number; lastReceivedAt: number }
  | { type: 'answers'; receivedAt: number[]; missing: number };
