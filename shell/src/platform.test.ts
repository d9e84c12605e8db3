/** @jest-environment node */
import { BehaviorSubject } from 'rxjs';
import { createSocketClient, type RestCall, type GraphqlCall } from '@velvet/sdk';
import type { i18n as I18n } from 'i18next';
import {
  loggerEndpoints,
  type Endpoint,
  type OutgoingPayload,
  type PlatformSlots,
  type Tenant,
} from '@velvet/contracts';
import { buildPlatform } from './platform';
import type { SessionStore } from './session';
import type { ShellRouter } from './router';
import type { UiStore } from './uiStore';
import { createConsentStore } from './consent';

/** The platform over the shell's real socket client, for a session that is anonymous or a guest's. */
function platformFor(loggedIn: boolean, cookie = '') {
  const opened: string[] = [];
  const calls: Endpoint[] = [];
  const consent = createConsentStore({ cookie });
  const socket = createSocketClient({
    url: 'ws://127.0.0.1:9/ws',
    getSession: () => ({ accessToken: 'token', guestId: 'g-1', loggedIn }),
    language: () => 'en',
    log: () => undefined,
  });
  const platform = buildPlatform({
    rest: ((endpoint: Endpoint) => {
      calls.push(endpoint);
      return Promise.reject(new Error('no REST here'));
    }) as unknown as RestCall,
    query: (() => Promise.reject(new Error('no query here'))) as unknown as GraphqlCall,
    feed: (() => Promise.reject(new Error('no feed here'))) as unknown as GraphqlCall,
    socket,
    session: { session$: new BehaviorSubject(null) } as unknown as SessionStore,
    router: {} as ShellRouter,
    ui: { ui: { open: (flow: string) => opened.push(flow), toast: () => undefined } } as unknown as UiStore,
    slots: () => ({}) as PlatformSlots,
    i18n: {} as I18n,
    tenant: {} as Tenant,
    consent,
  });
  return { platform, opened, calls, consent };
}

const text: OutgoingPayload<'sendMessage'> = {
  type: 'sendMessage',
  channelId: 1,
  messageType: 'text',
  senderType: 'guest',
  isVideochat: false,
  isFreechat: false,
  data: { text: 'hi' },
  includedGifts: [],
  chatId: null,
  clientMessageId: 'message-1',
};

describe('platform bus', () => {
  it('opens the login flow for a message an anonymous visitor may not send, instead of losing it', () => {
    const { platform, opened } = platformFor(false);
    platform.bus.send(text);
    expect(opened).toEqual(['login']);
    platform.bus.send({ type: 'ping' });
    expect(opened).toEqual(['login']);
  });

  it("queues a logged-in guest's message without any login flow", () => {
    const { platform, opened } = platformFor(true);
    platform.bus.send(text);
    expect(opened).toEqual([]);
  });
});

describe('platform telemetry', () => {
  const event = { context: 'purchase', action: 'chatEnd', data: { value: 3 } };
  const tracked = (calls: Endpoint[]) => calls.filter((endpoint) => endpoint === loggerEndpoints.track).length;

  it('sends no tracking event before the visitor chose, nor after she declined analytics', () => {
    const { platform, calls, consent } = platformFor(false);
    platform.telemetry.track(event);
    expect(tracked(calls)).toBe(0);
    consent.decide({ functional: true, analytics: false });
    platform.telemetry.track(event);
    expect(tracked(calls)).toBe(0);
    expect(platform.consent.allows('functional')).toBe(true);
  });

  it('sends them once she consents to analytics, and stops when she withdraws it', () => {
    const { platform, calls, consent } = platformFor(false, 'cookiebanner-accepted=necessary.analytics');
    expect(platform.consent.current()).toEqual({ decided: true, functional: false, analytics: true });
    platform.telemetry.track(event);
    expect(tracked(calls)).toBe(1);
    consent.decide({ functional: false, analytics: false });
    platform.telemetry.track(event);
    expect(tracked(calls)).toBe(1);
  });
});
