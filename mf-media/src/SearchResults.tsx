import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SEARCH_PAGE_SIZES,
  SEARCH_TYPES,
  searchEndpoints,
  type RouteArgsOf,
  type RouteName,
  type SearchResult,
  type SearchType,
} from '@velvet/contracts';
import {
  LoadState,
  routeLink,
  useGuestKey,
  useLanguage,
  useLoaded,
  usePagerLabels,
  usePlatform,
} from '@velvet/federation';
import { EmptyState, OnlineBadge, Pager, TabNav, Tile, TileGrid } from '@velvet/ui';

const isSearchType = (value: string): value is SearchType => (SEARCH_TYPES as readonly string[]).includes(value);

/**
 * The results of the global search of one kind, a page of that kind's size at a time. The first page asks for
 * the total (which the pager keeps); the later ones do not, as counting every hit again is the costly part.
 */
export function SearchResults({ searchType, searchPattern }: { searchType: string; searchPattern: string }) {
  const { t } = useTranslation();
  const { api, router } = usePlatform();
  const language = useLanguage();
  const guestKey = useGuestKey();
  const pagerLabels = usePagerLabels();
  const [page, setPage] = useState(1);
  const type: SearchType = isSearchType(searchType) ? searchType : 'models';
  const pageSize = SEARCH_PAGE_SIZES[type];
  const pattern = searchPattern.trim();
  const load = (n: number) => () =>
    api.rest(searchEndpoints.search, {
      params: { language, searchPattern: pattern },
      query: {
        searchType: type,
        sort: 'relevance',
        order: 'desc',
        from: (n - 1) * pageSize,
        take: pageSize,
        withTotalCount: n === 1 ? '1' : '0',
      },
    });
  const key = (n: number) => `searchResults|${type}|${pattern}|${language}|${guestKey}|${n}`;
  const first = useLoaded<SearchResult>(key(1), load(1));
  const current = useLoaded<SearchResult>(key(page), load(page));
  const total = first.data?.sections[0]?.total ?? 0;
  const title = t('search.title', { searchPattern: pattern });

  return (
    <section className="mf-media-area" data-search-type={type}>
      <h1>{title}</h1>
      <TabNav
        label={t('search.kinds')}
        items={SEARCH_TYPES.map((kind) => ({
          key: kind,
          label: t(`search.type.${kind}`),
          current: kind === type,
          link: routeLink(router, 'searchResults', { searchType: kind, searchPattern: pattern }),
        }))}
      />
      <LoadState loaded={current}>
        {(result) => {
          const items = result.sections[0]?.items ?? [];
          if (items.length === 0) return <EmptyState title={t('search.empty', { searchPattern: pattern })} />;
          return (
            <>
              <p className="mf-media-grid__total">{t('search.total', { count: total })}</p>
              <TileGrid label={title} busy={current.status === 'loading'}>
                {items.map((item) => (
                  <Tile
                    key={`${item.type}-${item.id}`}
                    link={routeLink(router, item.route.name as RouteName, item.route.args as RouteArgsOf<RouteName>)}
                    image={{ src: item.imageUrl, width: item.imageWidth, height: item.imageHeight, alt: item.title }}
                    title={item.title}
                    subtitle={item.subtitle}
                    badges={
                      item.online === undefined ? undefined : (
                        <OnlineBadge
                          online={item.online}
                          onlineLabel={t('search.online')}
                          offlineLabel={t('search.offline')}
                        />
                      )
                    }
                    dataAttributes={{ 'data-search-item': `${item.type}-${item.id}` }}
                  />
                ))}
              </TileGrid>
              <Pager page={page} pageCount={Math.ceil(total / pageSize)} onChange={setPage} labels={pagerLabels} />
            </>
          );
        }}
      </LoadState>
    </section>
  );
}
