import { LRUCache } from 'lru-cache';
import { STATUS_BAR_TYPES, type StatusBarEntry, type StatusBarType } from '@velvet/contracts';
import type { SocketHub } from '../modules/module';

/** What a source answers when its message applies to the guest: the text's placeholders and the action. */
export type StatusBarMessage = Omit<StatusBarEntry, 'type'>;
/** Answers whether its type's message applies to a logged-in guest now, and with what. */
export type StatusBarSource = (guestId: string) => Promise<StatusBarMessage | null>;

/** Guests whose closed messages and last pushed message are remembered; the least recent are forgotten first. */
const REMEMBERED_GUESTS = 50_000;

const keyOf = (entry: StatusBarEntry | null) => JSON.stringify(entry);

/**
 * The guest's status bar: modules register the message types they know when to show (`register`) and say when
 * what they answer may have changed (`refresh`); the guest sees the most urgent one (the order of
 * STATUS_BAR_TYPES) that she has not closed. A closed message stays away until its text or action changes.
 */
export class StatusBar {
  private readonly sources = new Map<StatusBarType, StatusBarSource>();
  private readonly closed = new LRUCache<string, Map<StatusBarType, string>>({ max: REMEMBERED_GUESTS });
  private readonly pushed = new LRUCache<string, string>({ max: REMEMBERED_GUESTS });

  constructor(private readonly hub: SocketHub) {
    hub.onSession(async (client) => {
      if (!client.auth?.loggedIn) return;
      const entry = await this.current(client.auth.guestId);
      this.pushed.set(client.auth.guestId, keyOf(entry));
      client.send({ type: 'statusBar', statusBar: entry });
    });
    hub.on('removeStatusBar', async ({ statusBarType }, client) => {
      if (client.auth?.loggedIn) await this.close(client.auth.guestId, statusBarType);
    });
  }

  /** One source per type: the module that owns what the message is about. */
  register(type: StatusBarType, source: StatusBarSource): void {
    if (this.sources.has(type)) throw new Error(`The status bar type ${type} has a source already`);
    this.sources.set(type, source);
  }

  /** The message the guest should see now, or null. */
  async current(guestId: string): Promise<StatusBarEntry | null> {
    const closed = this.closed.get(guestId);
    for (const type of STATUS_BAR_TYPES) {
      const entry = await this.messageOf(type, guestId);
      if (entry && closed?.get(type) !== keyOf(entry)) return entry;
    }
    return null;
  }

  /** Pushes the guest's message to her open sessions if it changed since the last push. */
  async refresh(guestId: string): Promise<void> {
    if (!this.hub.isGuestConnected(guestId)) return;
    const entry = await this.current(guestId);
    const key = keyOf(entry);
    if (this.pushed.get(guestId) === key) return;
    this.pushed.set(guestId, key);
    this.hub.sendToGuest(guestId, { type: 'statusBar', statusBar: entry });
  }

  private async close(guestId: string, type: StatusBarType): Promise<void> {
    const entry = await this.messageOf(type, guestId);
    if (!entry) return;
    const closed = this.closed.get(guestId) ?? new Map<StatusBarType, string>();
    closed.set(type, keyOf(entry));
    this.closed.set(guestId, closed);
    await this.refresh(guestId);
  }

  /** What the source of one type answers for the guest now, whether or not a more urgent message hides it. */
  async messageOf(type: StatusBarType, guestId: string): Promise<StatusBarEntry | null> {
    const message = await this.sources.get(type)?.(guestId);
    return message ? { type, ...message } : null;
  }
}
