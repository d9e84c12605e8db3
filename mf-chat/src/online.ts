import type { ActorListItem } from '@velvet/contracts';

/** Applies an actorOnline / actorOffline push to the performers of a list it concerns. */
export function withOnlineState<T extends Pick<ActorListItem, 'id' | 'isOnline' | 'chatButton'>>(
  items: T[],
  actorId: number,
  isOnline: boolean,
): T[] {
  if (!items.some((item) => item.id === actorId && item.isOnline !== isOnline)) return items;
  return items.map((item) =>
    item.id === actorId ? { ...item, isOnline, chatButton: { ...item.chatButton, isActorOnline: isOnline } } : item,
  );
}
