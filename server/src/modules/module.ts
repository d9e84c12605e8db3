import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { IResolvers } from 'mercurius';
import type {
  ChatType,
  IncomingMessage,
  Language,
  OutgoingMessage,
  OutgoingType,
  RedeemedBonus,
} from '@velvet/contracts';
import type { Database } from '../db/database';
import type { Config } from '../config';
import type { VisitorCache } from '../http/visitor-cache';
import type { ImageStore } from '../media/images';
import type { SessionRegistry } from './auth/sessions';
import type { StatusBar } from '../socket/status-bar';
import type { Bus } from '../cluster/bus';
import type { Processes } from '../cluster/processes';
import type { Leases } from '../leases/leases';

/** Who is calling: read from the bearer token (or the accessToken query parameter) on every request. */
export interface Auth {
  guestId: string;
  /** false for an anonymous visitor's token. */
  loggedIn: boolean;
  operator: boolean;
  /** The session the token belongs to; it is refused once the session ended (logout, lock). */
  sid: string;
}

/** A socket connection as a module sees it. */
export interface SocketClient {
  readonly auth: Auth | null;
  /** The browser's visitor id from the cookie of the socket's upgrade request, if it sent one. */
  readonly visitor: string | null;
  /** The language the page opened the session in (requestSession): what the answers to this socket are written in. */
  readonly language: Language;
  send(message: IncomingMessage): void;
}

/** The one WebSocket hub: modules push to everyone, to one guest, or handle messages of a type. */
export interface SocketHub {
  broadcast(message: IncomingMessage): void;
  sendToGuest(guestId: string, message: IncomingMessage): void;
  on<T extends OutgoingType>(
    type: T,
    handler: (message: OutgoingMessage<T>, client: SocketClient) => void | Promise<void>,
  ): void;
  /** Runs after ackSession on every new session (e.g. to push the balance). */
  onSession(handler: (client: SocketClient) => void | Promise<void>): void;
  /** Whether the guest has at least one acknowledged socket session open on this process. */
  isGuestConnected(guestId: string): boolean;
  /**
   * Whether the guest has an acknowledged socket session open on any process of the site (e.g. a chat needs one,
   * a push is worth preparing); asks Redis when her sockets are not here.
   */
  isGuestConnectedAnywhere(guestId: string): Promise<boolean>;
  /** Sends sessionExpired to the guest's sockets of that session (all sessions without `sid`) and closes them. */
  endSessions(guestId: string, sid?: string): void;
  /** Runs when a guest's last socket session closes (e.g. to end a chat the guest left). */
  onGuestGone(handler: (guestId: string) => void): void;
  readonly connectionCount: number;
}

/**
 * Calls from a module into the modules that depend on it, so imports stay one way: the later module answers
 * (`ServerModule.hooks`), the earlier one calls through `ctx.hooks` and does without when no module answers.
 */
/**
 * What a guest's live chats and in-chat top-ups leave in her conversation with the performer: a chat's start (a
 * voyeur chat's notice instead), its end with length and cost (hundredths of a coin), a one-click top-up asked
 * from a conversation (EUR cents asked, hundredths of a coin credited).
 */
export type ChatJournalEntry =
  | { type: 'chat_start' | 'voyeur_info'; guestId: string; actorId: number; chatType: ChatType }
  | {
      type: 'chat_end';
      guestId: string;
      actorId: number;
      chatType: ChatType;
      durationSeconds: number;
      billedAmount: number;
    }
  | { type: 'charge_success' | 'charge_failure'; guestId: string; channelId: number; amount: number; coins: number };

export interface ModuleHooks {
  /** A live chat started or ended, or a top-up from a conversation was charged: the messenger notes it. */
  chatJournal?: (entry: ChatJournalEntry) => Promise<void>;
  /** A guest's balance as the wire carries it: coins and its text in `language` (balanceOnWire of the ledger). */
  guestBalance?: (guestId: string, language: Language) => Promise<{ amount: number; formatted: string }>;
  /** Performers whose coming or running shows the guest holds a ticket for (their chat button opens the show). */
  showTicketActorIds?: (guestId: string) => Promise<number[]>;
  /** Performers who went off line by their schedule: whatever runs with them (a live chat) ends. */
  performersOffline?: (actorIds: number[]) => Promise<unknown>;
  /** Performers who came on line by their schedule: guests who favour them are told (web push). */
  performersOnline?: (performers: { id: number; name: string }[]) => void;
  /** A guest signed up: the address gets its verification mail (written to the outbox, sent in the background). */
  guestSignedUp?: (guestId: string) => Promise<void>;
  /** The provider's message of a guest's rejected age verification (the guest shape's avsRejectMessage). */
  avsRejectMessage?: (guestId: string) => Promise<string | null>;
  /** An operator withdrew a guest's age verification: whatever needs it (a running chat) ends. */
  ageVerificationRevoked?: (guestId: string) => Promise<unknown>;
  /** A guest's coins moved and her new balance was pushed: figures that follow her spending are pushed too. */
  balancePushed?: (guestId: string) => Promise<void>;
  /**
   * The minutes a guest's videochat vouchers hold now, each with the performers it is limited to (empty: any);
   * the chat buttons show them as `voucherChatMinutes`.
   */
  voucherChatMinutes?: (guestId: string) => Promise<{ minutes: number; actorIds: number[] }[]>;
  /**
   * Redeems the bonus code of a guest's bonus-code voucher inside the caller's transaction, which has taken the
   * voucher's unit: the code's benefits are granted under `claim` (one per unit), so they come once.
   */
  redeemVoucherCode?: (
    tx: Database,
    use: { guestId: string; code: string; claim: string; now: Date },
  ) => Promise<{ bonus: RedeemedBonus; coins: boolean }>;
  /** The spins a guest's spinwheel holds (the benefits page counts them). */
  spinwheelSpins?: (guestId: string) => Promise<number>;
  /** When the guest's conversion chat countdown ends (ISO) while it runs, else null (the guest shape carries it). */
  conversionChatEnds?: (guestId: string) => Promise<string | null>;
}

export interface ModuleContext {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  hub: SocketHub;
  images: ImageStore;
  /** The server's clock; money billed by time (paid chats) reads it here, so tests can move it deterministically. */
  now: () => Date;
  /** The sessions behind tokens (logout, lock and password changes end them). */
  sessions: SessionRegistry;
  /** Catalogue answers shared by visitors who are not logged in (route option `visitorCache`). */
  visitorCache: VisitorCache;
  /** Filled from every module's `hooks` before any module's `prepare`. */
  hooks: ModuleHooks;
  /** The guest's status bar: a module registers the message types it owns and refreshes when they may change. */
  statusBar: StatusBar;
  /** What this process tells every process of the site (itself included): caches to forget after a change. */
  bus: Bus;
  /** The site's server processes and their health (heartbeats through Redis; alone, this one). */
  processes: Processes;
  /** Scheduled work runs in one process of the database at a time: every job goes through `leases.repeat`. */
  leases: Leases;
}

export interface GraphqlContribution {
  /** SDL; use `extend type Query` / `extend type Mutation`. */
  schema: string;
  resolvers: IResolvers;
  /**
   * Catalogue queries whose answers visitors who are not logged in share for a moment (the visitor cache's time):
   * the whole answer, nested fields included, must be the same for every such visitor.
   */
  visitorSharedQueries?: readonly string[];
}

/**
 * One domain of the server, mirroring the remote of the same name: its own tables and migrations, REST routes
 * (an encapsulated Fastify plugin under /rest/v1), structured-query schema, socket handlers, seed and jobs.
 */
export interface ServerModule {
  name: string;
  /** Answers what earlier modules ask through `ctx.hooks`. */
  hooks?: (ctx: ModuleContext) => ModuleHooks;
  /** drizzle-kit output folder of this module; applied in module order with its own migrations table. */
  migrationsFolder?: string;
  routes?: (ctx: ModuleContext) => FastifyPluginAsync;
  /** Routes outside /rest/v1 that serve files rather than JSON (live playlists and segments), at the root. */
  rootRoutes?: (ctx: ModuleContext) => FastifyPluginAsync;
  graphql?: GraphqlContribution;
  feedGraphql?: GraphqlContribution;
  socket?: (ctx: ModuleContext) => void;
  /**
   * Runs on every start (and in tests) after migrations, before routes: configuration rows, files to put in place;
   * what a stopped cluster left behind is cleaned up only when `ctx.leases.startedAlone`.
   */
  prepare?: (ctx: ModuleContext) => Promise<void>;
  /** Fills the demo catalogue on first start; `scale` multiplies the counts for benchmarks. */
  seed?: (ctx: ModuleContext, options: { scale: number }) => Promise<void>;
  /**
   * Background work (demo performers going on and off line, ...) through `ctx.leases.repeat`, so it runs in one
   * process at a time; answers a function that stops it.
   */
  start?: (ctx: ModuleContext) => () => void;
}
