import {
  chatSessionEndpoints,
  incomingMessages,
  ticketsGraphqlSchema,
  type CamShow,
  type ChatEnd,
  type ChatSession,
  type ChatTicket,
} from '@velvet/contracts';

/** Test fixtures of the live chat, parsed with the contract's schemas so they cannot drift from the server's. */
export function chatSession(overrides: Partial<ChatSession> = {}): ChatSession {
  return chatSessionEndpoints.start.response.parse({
    chatId: 'chat-1',
    actorId: 7,
    actorName: 'Lena',
    chatType: 'LIVECHAT',
    abilities: ['video', 'audio', 'text', 'charge', 'tip'],
    pricePerMinute: 600,
    startedAt: new Date().toISOString(),
    endsAt: null,
    heldAmount: 600,
    billedSeconds: 0,
    billedAmount: 0,
    secondsLeft: 400,
    sequenceNumber: 1,
    stream: { url: '/rest/v1/live/7/chat-1/index.m3u8', posterUrl: '/media/actors/lena/poster.webp' },
    ...overrides,
  });
}

export function chatEnd(overrides: Partial<ChatEnd> = {}): ChatEnd {
  return chatSessionEndpoints.stop.response.parse({
    chatId: 'chat-1',
    actorId: 7,
    actorName: 'Lena',
    chatType: 'LIVECHAT',
    exitCode: 100,
    category: 'live_chat',
    durationSeconds: 95,
    billedAmount: 1000,
    surveyEligible: true,
    ...overrides,
  });
}

/** The chatEnd push of an end. */
export const chatEndPush = (end: ChatEnd) => incomingMessages.chatEnd.parse({ type: 'chatEnd', ...end });

// The ticket shapes are GraphQL SDL types (no zod schema); the SDL names every field the fixture must have.
const sdlFields = (type: string) =>
  [...(new RegExp(`type ${type} \\{([^}]*)\\}`).exec(ticketsGraphqlSchema)?.[1] ?? '').matchAll(/(\w+):/g)].map(
    (match) => match[1],
  );

export function chatTicket(overrides: Partial<ChatTicket> = {}): ChatTicket {
  const ticket: ChatTicket = {
    id: 31,
    actorId: 7,
    actorName: 'Lena',
    actorLink: '/en/amateur/lena/',
    price: { value: 2000, currency: 'VXC', symbol: 'VXC' },
    title: [
      { language: 'en', value: 'Evening show' },
      { language: 'de', value: 'Abendshow' },
    ],
    description: [{ language: 'en', value: 'Dancing and talking.' }],
    postBuyInfo: [{ language: 'en', value: 'See you at eight!' }],
    sedcards: [],
    avatar: '/media/actors/lena/avatar.webp',
    start: '2026-11-22T20:00:00.000Z',
    end: '2026-11-22T21:00:00.000Z',
    isBought: false,
    isFree: false,
    canBuy: true,
    hasStarted: false,
    bonusCode: null,
    creationType: 'C',
    seatsLeft: 12,
    ...overrides,
  };
  const missing = sdlFields('ChatTicket').filter((field) => !(field! in ticket));
  if (missing.length > 0) throw new Error(`chatTicket fixture lacks ${missing.join(', ')}`);
  return ticket;
}

export function camShow(overrides: Partial<CamShow> = {}): CamShow {
  return {
    ...chatTicket(),
    actorOnline: true,
    isFeatured: false,
    isAutoFeatured: false,
    isInternal: false,
    ...overrides,
  };
}
