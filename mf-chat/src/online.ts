import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ActorListItem, ActorListPage, ActorProfile, TopCam } from '@velvet/contracts';
import { useActorOnlineChanges } from './hooks';

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

/** The same for a profile: the same object when the push does not change it. */
export function profileWithOnlineState(actor: ActorProfile, actorId: number, isOnline: boolean): ActorProfile {
  if (actor.id !== actorId || actor.isOnline === isOnline) return actor;
  return { ...actor, isOnline, chatButton: { ...actor.chatButton, isActorOnline: isOnline } };
}

/** The same for a top cams list, whose items carry `online`. */
export function topCamsWithOnlineState<L extends { items: TopCam[] }>(list: L, actorId: number, isOnline: boolean): L {
  if (!list.items.some((cam) => cam.id === actorId && cam.online !== isOnline)) return list;
  return { ...list, items: list.items.map((cam) => (cam.id === actorId ? { ...cam, online: isOnline } : cam)) };
}

/**
 * How each cached answer of this remote takes an online change, by the prefix of its query key (the keys of
 * useLoaded). Answers of other keys do not name performers' online state.
 */
const ONLINE_PATCHES: [prefix: string, patch: (data: never, actorId: number, isOnline: boolean) => unknown][] = [
  [
    'actorList/',
    (page: ActorListPage, actorId, isOnline) => {
      const items = withOnlineState(page.items, actorId, isOnline);
      return items === page.items ? page : { ...page, items };
    },
  ],
  ['actorProfile/', profileWithOnlineState],
  ['topCams/', topCamsWithOnlineState],
];

/**
 * Edits every cached answer the push concerns in place (lists of every page visited, profiles, top cams), so
 * nothing is loaded again and a page visited earlier is up to date when the visitor comes back.
 */
export function applyOnlineChange(client: QueryClient, actorId: number, isOnline: boolean): void {
  for (const query of client.getQueryCache().getAll()) {
    const key = query.queryKey[0];
    if (typeof key !== 'string' || query.state.data === undefined) continue;
    const patch = ONLINE_PATCHES.find(([prefix]) => key.startsWith(prefix))?.[1];
    if (!patch) continue;
    client.setQueryData(query.queryKey, (data: unknown) =>
      data === undefined ? data : patch(data as never, actorId, isOnline),
    );
  }
}

/** Keeps this remote's whole query cache in step with actorOnline / actorOffline pushes while mounted. */
export function useLiveOnlineState(): void {
  const client = useQueryClient();
  useActorOnlineChanges((actorId, isOnline) => applyOnlineChange(client, actorId, isOnline));
}
