import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BREADCRUMB_TYPES,
  chatEndpoints,
  type ActorProfile,
  type BreadcrumbType,
  type RouteName,
} from '@velvet/contracts';
import {
  LoadState,
  PageBreadcrumbs,
  SlotHost,
  useCurrentRoute,
  useLoggedIn,
  usePlatform,
  useLoaded,
  useRouteLink,
  useGuestKey,
} from '@velvet/federation';
import { Button, LoginPrompt, OnlineBadge, TabNav } from '@velvet/ui';
import { ChatButton } from '../components/ChatButton';
import { shownRating } from '../components/rating';
import { displayName } from '../format';
import { ProfileTab, type ProfileTabName } from './ProfileTabs';

/** Profile sub-pages in tab order; the video routes all show the videos tab. */
const TABS: { key: string; route: RouteName; label: string; routes: RouteName[] }[] = [
  { key: 'overview', route: 'actorProfile', label: 'profile.tabs.overview', routes: ['actorProfile'] },
  { key: 'about', route: 'actorAbout', label: 'profile.tabs.about', routes: ['actorAbout'] },
  {
    key: 'videos',
    route: 'actorVideos',
    label: 'profile.tabs.videos',
    routes: ['actorVideos', 'actorClassicVideos', 'actorVideosByTag'],
  },
  { key: 'pictures', route: 'actorPictures', label: 'profile.tabs.pictures', routes: ['actorPictures'] },
  { key: 'feed', route: 'actorFeed', label: 'profile.tabs.feed', routes: ['actorFeed'] },
  { key: 'liveShow', route: 'actorLiveShow', label: 'profile.tabs.liveShow', routes: ['actorLiveShow'] },
  { key: 'topCams', route: 'actorTopCams', label: 'profile.tabs.topCams', routes: ['actorTopCams'] },
];

function FavoritePin({ actor, onChange }: { actor: ActorProfile; onChange: (isFavorite: boolean) => void }) {
  const { t } = useTranslation();
  const { bus, ui } = usePlatform();
  const loggedIn = useLoggedIn();
  useEffect(() => {
    if (!loggedIn) return;
    const subscription = bus.on('favoriteActors').subscribe((message) => onChange(message.actorIds.includes(actor.id)));
    return () => subscription.unsubscribe();
  }, [bus, loggedIn, actor.id, onChange]);

  if (!loggedIn) {
    return (
      <LoginPrompt
        ui={ui}
        text={t('profile.favorite.loginText', { name: actor.displayName })}
        buttonLabel={t('login')}
      />
    );
  }
  const pinned = actor.modelGuestRelation.isFavorite;
  return (
    <Button
      variant="secondary"
      aria-pressed={pinned}
      onClick={() => {
        bus.send({ type: pinned ? 'favoriteUnpinActor' : 'favoritePinActor', actorId: actor.id });
        onChange(!pinned);
      }}
    >
      {t(pinned ? 'profile.favorite.unpin' : 'profile.favorite.pin')}
    </Button>
  );
}

function ProfileHeader({ actor, onFavorite }: { actor: ActorProfile; onFavorite: (isFavorite: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const rating = shownRating(actor);
  return (
    <header className="mf-chat-profile__header">
      <img
        src={actor.avatar.url}
        width={actor.avatar.width}
        height={actor.avatar.height}
        alt={actor.displayName}
        loading="lazy"
        decoding="async"
      />
      <div>
        <h1>{actor.displayName}</h1>
        <p>
          <OnlineBadge online={actor.isOnline} onlineLabel={t('actor.online')} offlineLabel={t('actor.offline')} />{' '}
          {actor.isTopAmateur ? <strong>{t('profile.topAmateur')}</strong> : null}{' '}
          {actor.star ? <strong>{t('profile.star')}</strong> : null}{' '}
          {actor.isNew ? <strong>{t('actor.new')}</strong> : null}{' '}
          {actor.isCurrentlyTicketShow ? <strong>{t('profile.liveShowRunning')}</strong> : null}
        </p>
        <p>
          {t('actor.ageCountry', {
            age: actor.profile.age,
            country: displayName(i18n.language, 'region', actor.profile.country),
          })}
        </p>
        <p>{actor.profile.threeWords}</p>
        {actor.birthdayText ? <p role="note">{actor.birthdayText}</p> : null}
        <p>
          {rating ? t('profile.rating', { average: rating.average, count: rating.count }) : t('profile.noRatingYet')} ·{' '}
          {t('profile.favoriteCount', { count: actor.favoriteCount })}
        </p>
        {actor.chatButton.isBannedCountryCode ? (
          <p role="note" data-banned-country>
            {t('profile.bannedCountry', { name: actor.displayName })}
          </p>
        ) : null}
        <ChatButton
          config={actor.chatButton}
          actorName={actor.name}
          displayName={actor.displayName}
          size="normal"
          explain
        />
        <div className="mf-chat-profile__favorite">
          <FavoritePin actor={actor} onChange={onFavorite} />
        </div>
        <SlotHost slot="actorProfile.message" props={{ actorId: actor.id, actorName: actor.name }} fallback={null} />
      </div>
    </header>
  );
}

/** The performer's profile `/amateur/{actorName}/` and its sub-pages. */
export function ActorProfilePage({ actorName }: { actorName: string }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const route = useCurrentRoute();
  const guestKey = useGuestKey();
  const linkTo = useRouteLink();
  const profile = useLoaded(`actorProfile/${actorName}/${route.language}/${guestKey}`, () =>
    api.rest(chatEndpoints.actorData, { params: { actorIdOrName: actorName }, query: {} }),
  );
  const setFavorite = (isFavorite: boolean) =>
    profile.update((actor) =>
      actor.modelGuestRelation.isFavorite === isFavorite
        ? actor
        : {
            ...actor,
            modelGuestRelation: { isFavorite },
            favoriteCount: Math.max(0, actor.favoriteCount + (isFavorite ? 1 : -1)),
          },
    );
  const current = TABS.find((tab) => tab.routes.includes(route.name)) ?? TABS[0]!;

  return (
    <LoadState loaded={profile}>
      {(actor) => (
        <article className="mf-chat-profile" data-actor-id={actor.id}>
          {route.name in BREADCRUMB_TYPES ? (
            <PageBreadcrumbs type={route.name as BreadcrumbType} payload={{ ...route.args, actorName: actor.name }} />
          ) : null}
          <ProfileHeader actor={actor} onFavorite={setFavorite} />
          <TabNav
            label={t('profile.tabs.label')}
            items={TABS.map((tab) => ({
              key: tab.key,
              label: t(tab.label),
              current: tab === current,
              link: linkTo(tab.route, { actorName: actor.name }),
            }))}
          />
          <ProfileTab tab={current.key as ProfileTabName} actor={actor} route={route} />
        </article>
      )}
    </LoadState>
  );
}
