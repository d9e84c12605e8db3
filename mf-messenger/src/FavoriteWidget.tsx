import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messengerEndpoints, type FavoriteActor } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { EmptyState, ErrorState, LoginPrompt, OnlineBadge, Section, Spinner, Tile, TileGrid } from '@velvet/ui';
import { useSession } from './useSession';

const FAVORITES_PER_PAGE = 10;

function Favorites() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const [actors, setActors] = useState<FavoriteActor[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let active = true;
    platform.api
      .rest(messengerEndpoints.favorites, { query: { limit: FAVORITES_PER_PAGE } })
      .then((answer) => active && setActors(answer.actors))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [platform, reloads]);

  useEffect(() => {
    const setOnline = (actorId: number, isOnline: boolean) =>
      setActors((current) => current?.map((actor) => (actor.id === actorId ? { ...actor, isOnline } : actor)) ?? null);
    const subscriptions = [
      platform.bus.on('actorOnline').subscribe(({ actorId }) => setOnline(actorId, true)),
      platform.bus.on('actorOffline').subscribe(({ actorId }) => setOnline(actorId, false)),
      // A pin or unpin elsewhere changes the list.
      platform.bus.on('favoriteActors').subscribe(() => setReloads((n) => n + 1)),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [platform]);

  if (failed) return <ErrorState title={t('error.title')} />;
  if (!actors) return <Spinner label={t('loading')} />;
  if (actors.length === 0) return <EmptyState title={t('favorites.empty')} />;
  const onlineCount = actors.filter((actor) => actor.isOnline).length;
  return (
    <>
      <p>{t('favorites.online', { count: onlineCount })}</p>
      <TileGrid label={t('favorites.title')}>
        {actors.map((actor) => (
          <Tile
            key={actor.id}
            link={{
              href: platform.router.href('actorProfile', { actorName: actor.name }),
              onNavigate: () => platform.router.navigate('actorProfile', { actorName: actor.name }),
            }}
            image={{ src: actor.avatarUrl, width: 320, height: 320, alt: actor.displayName }}
            title={actor.displayName}
            badges={<OnlineBadge online={actor.isOnline} onlineLabel={t('online')} offlineLabel={t('offline')} />}
          />
        ))}
      </TileGrid>
    </>
  );
}

/** Home block "Favorite": the guest's pinned performers with their live state. */
export function FavoriteWidget() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const { guest } = useSession();
  return (
    <Section title={t('favorites.title')}>
      {guest.flags.loggedIn ? (
        <Favorites key={guest.id} />
      ) : (
        <LoginPrompt text={t('favorites.login')} buttonLabel={t('login.button')} ui={platform.ui} />
      )}
    </Section>
  );
}
