import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTOR_LIST_PAGE_SIZE, chatShowListQuery } from '@velvet/contracts';
import {
  LoadState,
  useLanguage,
  useLoaded,
  usePagerLabels,
  usePlatform,
  RouteLink,
  useGuestKey,
} from '@velvet/federation';
import { EmptyState, OnlineBadge, Pager } from '@velvet/ui';
import { TicketList } from '../live/TicketList';

/** Route camShows: the cam shows that have not ended yet, by start, paged. */
export function CamShowsPage() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const guestKey = useGuestKey();
  const language = useLanguage();
  const pagerLabels = usePagerLabels();
  const [page, setPage] = useState(1);
  // Shows that ended before the page opened are left out; the moment stays fixed so paging stays stable.
  const [openedAt] = useState(() => new Date().toISOString());
  const heading = useRef<HTMLHeadingElement>(null);
  const shows = useLoaded(
    `camShows/${page}/${language}/${guestKey}`,
    async () =>
      (
        await api.query(chatShowListQuery, {
          endDateFrom: openedAt,
          first: ACTOR_LIST_PAGE_SIZE,
          offset: (page - 1) * ACTOR_LIST_PAGE_SIZE,
          order: 'ASC',
        })
      ).chatShowList,
  );
  const changePage = (next: number) => {
    setPage(next);
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus();
  };
  return (
    <section aria-labelledby="mf-chat-camshows-title">
      <h1 id="mf-chat-camshows-title" ref={heading} tabIndex={-1}>
        {t('shows.camShows.title')}
      </h1>
      <p>{t('shows.camShows.intro')}</p>
      <LoadState loaded={shows}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title={t('shows.camShows.empty')} />
          ) : (
            <>
              <TicketList
                label={t('shows.camShows.title')}
                tickets={data.items}
                onChange={(changed) =>
                  shows.update((all) => ({
                    ...all,
                    items: all.items.map((show) => (show.id === changed.id ? changed : show)),
                  }))
                }
                extra={(show) => {
                  return (
                    <p className="mf-chat-ticket__actor">
                      <img src={show.avatar} width={48} height={48} alt="" loading="lazy" decoding="async" />
                      <RouteLink to="actorLiveShow" args={{ actorName: show.actorName.toLowerCase() }}>
                        {show.actorName}
                      </RouteLink>{' '}
                      <OnlineBadge
                        online={show.actorOnline}
                        onlineLabel={t('actor.online')}
                        offlineLabel={t('actor.offline')}
                      />
                      {show.isFeatured || show.isAutoFeatured ? <strong> · {t('shows.featured')}</strong> : null}
                    </p>
                  );
                }}
              />
              <Pager
                page={page}
                pageCount={Math.ceil(data.total / ACTOR_LIST_PAGE_SIZE)}
                onChange={changePage}
                labels={pagerLabels}
              />
            </>
          )
        }
      </LoadState>
    </section>
  );
}
