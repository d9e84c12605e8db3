import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTOR_AVATAR_SIZE, TOP_CAMS_KINDS, topCamsQuery, type TopCam, type TopCamsKind } from '@velvet/contracts';
import {
  LoadState,
  useLanguage,
  useLoaded,
  useLoggedIn,
  usePagerLabels,
  usePlatform,
  RouteButton,
  useRouteLink,
  useGuestKey,
} from '@velvet/federation';
import { EmptyState, LoginPrompt, OnlineBadge, Pager, Price, Tile, TileGrid } from '@velvet/ui';
import { ListNav } from '../components/ListNav';
import { displayName, formatChatPrice } from '../format';

export const TOP_CAMS_PAGE_SIZE = 30;
/** Favourites load at once (a guest pins few), so their online count covers all of them. */
export const FAVORITES_MAX = 100;
/** Spec: favourite actors per page. */
export const FAVORITES_PAGE_SIZE = 10;

function TopCamTile({ cam, kind }: { cam: TopCam; kind: TopCamsKind }) {
  const { t, i18n } = useTranslation();
  const linkTo = useRouteLink();
  const online = kind === 'videocall' ? cam.onlineVideocall : cam.online;
  // The URL name is the lower-cased name (spec), whichever spelling the list sends.
  const actorName = cam.name.toLowerCase();
  const languages = cam.spokenLanguages.map((code) => displayName(i18n.language, 'language', code)).join(', ');
  return (
    <Tile
      link={linkTo('actorProfile', { actorName })}
      image={{ src: cam.avatarPicture, ...ACTOR_AVATAR_SIZE, alt: cam.name }}
      title={cam.name}
      subtitle={
        <>
          {t('topCams.ageLanguages', { age: cam.age, languages })}
          <br />
          {t('topCams.satisfaction', { rate: cam.satisfactionRate, count: cam.ratingCount })}
        </>
      }
      badges={<OnlineBadge online={online} onlineLabel={t('actor.online')} offlineLabel={t('actor.offline')} />}
      footer={
        online ? (
          <RouteButton to="actorChat" args={{ actorName }} size="small" block>
            <span>{t(kind === 'videocall' ? 'topCams.videocall' : 'actor.chatButton.chat')}</span>
            {kind === 'videocall' ? (
              <Price
                amount={cam.videocallPrice}
                format={formatChatPrice}
                freeLabel={t('chat.free')}
                unit={t('chat.perMinute')}
              />
            ) : null}
          </RouteButton>
        ) : (
          <span className="vv-button vv-button--secondary vv-button--small vv-button--block" aria-disabled="true">
            {t('actor.chatButton.offline')}
          </span>
        )
      }
      dataAttributes={{ 'data-actor-id': String(cam.id), 'data-online': String(online) }}
    />
  );
}

/** One top cams list, paged by the server; favourites load at once and are paged here. */
function TopCamsList({ kind }: { kind: TopCamsKind }) {
  const { t } = useTranslation();
  const { api, bus } = usePlatform();
  const language = useLanguage();
  const guestKey = useGuestKey();
  const pagerLabels = usePagerLabels();
  const [page, setPage] = useState(1);
  const favorites = kind === 'favorites';
  const pageSize = favorites ? FAVORITES_PAGE_SIZE : TOP_CAMS_PAGE_SIZE;
  const list = useLoaded(
    `topCams/${kind}/${favorites ? 'all' : page}/${language}/${guestKey}`,
    async () =>
      (
        await api.query(topCamsQuery, {
          kind,
          first: favorites ? FAVORITES_MAX : TOP_CAMS_PAGE_SIZE,
          offset: favorites ? 0 : (page - 1) * TOP_CAMS_PAGE_SIZE,
        })
      ).topCams,
  );
  const { reload } = list;
  const shownIds = favorites ? (list.data?.items.map((cam) => cam.id) ?? null) : null;
  const shownKey = shownIds?.slice().sort().join(',');
  useEffect(() => {
    if (shownKey === undefined) return;
    // A pin or unpin (from this or another tab) changes who the favourites are: load them again.
    const subscription = bus.on('favoriteActors').subscribe((message) => {
      if (message.actorIds.slice().sort().join(',') !== shownKey) reload();
    });
    return () => subscription.unsubscribe();
  }, [bus, shownKey, reload]);

  return (
    <LoadState loaded={list}>
      {(data) => {
        if (data.items.length === 0) return <EmptyState title={t(`topCams.empty.${kind}`)} />;
        const items = favorites ? data.items.slice((page - 1) * pageSize, page * pageSize) : data.items;
        const onlineCount = data.items.filter((cam) => cam.online).length;
        return (
          <>
            {favorites ? (
              <p role="status" data-favorites-online={onlineCount}>
                {t('topCams.favoritesOnline', { online: onlineCount, count: data.items.length })}
              </p>
            ) : null}
            <TileGrid label={t(`topCams.tabs.${kind}`)} busy={list.status === 'loading'}>
              {items.map((cam) => (
                <TopCamTile key={cam.id} cam={cam} kind={kind} />
              ))}
            </TileGrid>
            <Pager
              page={page}
              pageCount={Math.ceil((favorites ? data.items.length : data.total) / pageSize)}
              onChange={setPage}
              labels={pagerLabels}
            />
          </>
        );
      }}
    </LoadState>
  );
}

/** Route topCams: best chats, top 100, the guest's favourites and video call, as tabs. */
export function TopCamsPage() {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const [kind, setKind] = useState<TopCamsKind>('bestChats');
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="mf-chat-top-cams-title">
      <h1 id="mf-chat-top-cams-title" ref={heading} tabIndex={-1}>
        {t('topCams.title')}
      </h1>
      <p>{t('topCams.intro')}</p>
      <ListNav />
      <div className="mf-chat-search__types" role="group" aria-label={t('topCams.tabsLabel')}>
        {TOP_CAMS_KINDS.map((tab) => (
          <button
            key={tab}
            type="button"
            className="vv-button vv-button--secondary vv-button--small"
            aria-pressed={kind === tab}
            onClick={() => setKind(tab)}
          >
            {t(`topCams.tabs.${tab}`)}
          </button>
        ))}
      </div>
      {kind === 'favorites' && !loggedIn ? (
        <LoginPrompt ui={ui} text={t('topCams.favoritesLogin')} buttonLabel={t('login')} />
      ) : (
        // Keyed by the tab, so paging starts over on another tab.
        <TopCamsList key={kind} kind={kind} />
      )}
    </section>
  );
}
