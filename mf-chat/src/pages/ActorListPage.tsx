import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTOR_LIST_PAGE_SIZE, chatEndpoints, type ActorListKind } from '@velvet/contracts';
import { LoadState, PageBreadcrumbs, useLanguage, usePlatform, useLoaded, useGuestKey } from '@velvet/federation';
import { EmptyState } from '@velvet/ui';
import { ActorGrid } from '../components/ActorGrid';
import { ListNav } from '../components/ListNav';

/** A full performer list page: heading, the links to the other lists, the paged grid. */
export function ActorListPage({ kind, category }: { kind: ActorListKind; category?: string }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const guestKey = useGuestKey();
  const [page, setPage] = useState(1);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useLoaded(`actorList/${kind}/${category ?? ''}/${page}/${language}/${guestKey}`, () =>
    api.rest(chatEndpoints.actorList, {
      params: { kind },
      query: { page, pageSize: ACTOR_LIST_PAGE_SIZE, ...(category ? { category } : {}) },
    }),
  );

  const title =
    kind === 'category' ? (list.data?.category?.name ?? t('lists.category.title')) : t(`lists.${kind}.title`);
  const changePage = (next: number) => {
    setPage(next);
    // Back to the top of the list, with focus on its heading for keyboard and screen-reader users.
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus();
  };
  return (
    <section aria-labelledby="mf-chat-list-title">
      {/* The category's trail; the other lists have no breadcrumb type. */}
      <PageBreadcrumbs />
      <h1 id="mf-chat-list-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{t(`lists.${kind}.intro`)}</p>
      <ListNav />
      <LoadState loaded={list}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title={t(`lists.${kind}.empty`)} />
          ) : (
            <ActorGrid
              label={title}
              actors={data.items}
              busy={list.status === 'loading'}
              paging={{ page: data.page, pageCount: Math.ceil(data.total / data.pageSize), onChange: changePage }}
            />
          )
        }
      </LoadState>
    </section>
  );
}
