import type { Channel, RecommendedActor } from '@velvet/contracts';

export function channelFixture(overrides: Partial<Channel> = {}): Channel {
  const id = overrides.id ?? 1;
  return {
    id,
    actorId: 100 + id,
    actorName: `Performer ${id}`,
    actorAge: 25,
    unreadCount: 0,
    archived: false,
    blocked: false,
    isActorOnline: false,
    messageTimestamp: new Date(Date.UTC(2026, 0, 1, 12, id)).toISOString(),
    lastMessage: `Hello from ${id}`,
    freeMessagesAmount: 3,
    messagePrice: 100,
    isMessagingFree: false,
    previewPictureUrl: `/media/actors/${id}/avatar.webp`,
    ...overrides,
  };
}

export function actorFixture(id: number, overrides: Partial<RecommendedActor> = {}): RecommendedActor {
  return {
    id,
    name: `performer${id}`,
    displayName: `Performer ${id}`,
    age: 24,
    avatarUrl: `/media/actors/${id}/avatar.webp`,
    isOnline: true,
    ...overrides,
  };
}
