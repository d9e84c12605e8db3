import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { messengerEndpoints, type FavoriteActor } from '@velvet/contracts';
import { LoadState, useGuest, useLoaded, usePlatform, routeLink } from '@velvet/federation';
import { EmptyState, LoginPrompt, OnlineBadge, Section, Tile, TileGrid, TilePlaceholder } from '@velvet/ui';

/** Favourite actors per page (spec). */
const FAVORITES_PER_PAGE = 10;
/** The size of a favourite's avatar, which its tile and the reserved row are sized by. */
const AVATAR = { width: 320, height: 320 };

interface Favorites {
  actors: FavoriteActor[];
  /** Online favourites, also those beyond the first page. */
  onlineCount: number;
}

/** Applies an online or offline push: the shown performer changes, the count follows any favourite. */
export function applyOnline(
  favorites: Favorites,
  favoriteIds: ReadonlySet<number>,
  actorId: number,
  isOnline: boolean,
): Favorites {
  const shown = favorites.actors.find((actor) => actor.id === actorId);
  const isFavorite = shown !== undefined || favoriteIds.has(actorId);
  if (!isFavorite || shown?.isOnline === isOnline) return favorites;
  return {
    actors: favorites.actors.map((actor) => (actor.id === actorId ? { ...actor, isOnline } : actor)),
    onlineCount: Math.max(0, favorites.onlineCount + (isOnline ? 1 : -1)),
  };
}

function FavoriteList({ guestId }: { guestId: string }) {
  const platform = usePlatform();
  const { t } = useTranslation();
  const key = `messenger.favorites:${guestId}`;
  const loaded = useLoaded(key, () =>
    platform.api.rest(messengerEndpoints.favorites, { query: { limit: FAVORITES_PER_PAGE } }),
  );
  const { update, reload } = loaded;
  /** Ids of every favourite, from the favoriteActors push; null until the first one arrives. */
  const favoriteIds = useRef<ReadonlySet<number> | null>(null);

  useEffect(() => {
    // Pushes change the loaded list in place, so it stays as current as the answer it came from.
    const subscriptions = [
      platform.bus.on('favoriteActors').subscribe(({ actorIds }) => {
        const previous = favoriteIds.current;
        favoriteIds.current = new Set(actorIds);
        // A pin or unpin (here or in another tab) changes the list; the first answer only tells the ids.
        if (previous && (previous.size !== actorIds.length || actorIds.some((id) => !previous.has(id)))) reload();
      }),
      platform.bus
        .on('actorOnline')
        .subscribe(({ actorId }) => update((f) => applyOnline(f, favoriteIds.current ?? new Set(), actorId, true))),
      platform.bus
        .on('actorOffline')
        .subscribe(({ actorId }) => update((f) => applyOnline(f, favoriteIds.current ?? new Set(), actorId, false))),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [platform, update, reload]);

  // The ids of every favourite, so the online count follows those beyond the first page too.
  useEffect(() => platform.bus.send({ type: 'favoriteRequestActors' }), [platform]);

  return (
    <LoadState loaded={loaded}>
      {(favorites) =>
        favorites.actors.length === 0 ? (
          <EmptyState title={t('favorites.empty')} />
        ) : (
          <>
            <p>{t('favorites.online', { count: favorites.onlineCount })}</p>
            <TileGrid label={t('favorites.title')}>
              {favorites.actors.map((actor) => (
                <Tile
                  key={actor.id}
                  link={routeLink(platform.router, 'actorProfile', { actorName: actor.name })}
                  image={{ src: actor.avatarUrl, ...AVATAR, alt: actor.displayName }}
                  title={actor.displayName}
                  badges={<OnlineBadge online={actor.isOnline} onlineLabel={t('online')} offlineLabel={t('offline')} />}
                />
              ))}
            </TileGrid>
          </>
        )
      }
    </LoadState>
  );
}

/**
 * Home block "Favorite": the guest's pinned performers with their live state. The server renders every page for
 * visitors, so a logged-in guest's list replaces the login prompt after hydration: both lie over a hidden row of
 * the list's own boxes (its count line and one row of tiles, the list scrolling sideways), so the block keeps its
 * height and nothing below it moves.
 */
export function FavoriteWidget() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const guest = useGuest();
  return (
    <Section title={t('favorites.title')}>
      <div className="mf-messenger-favorites">
        <div className="mf-messenger-favorites__reserved" aria-hidden="true">
          <p>{t('favorites.online', { count: 0 })}</p>
          <TileGrid label="">
            <TilePlaceholder image={AVATAR} />
          </TileGrid>
        </div>
        <div className="mf-messenger-favorites__content">
          {guest.flags.loggedIn ? (
            <FavoriteList key={guest.id} guestId={guest.id} />
          ) : (
            <LoginPrompt text={t('favorites.login')} buttonLabel={t('login.button')} ui={platform.ui} />
          )}
        </div>
      </div>
    </Section>
  );
}
