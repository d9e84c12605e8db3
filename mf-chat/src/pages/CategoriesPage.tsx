import { useTranslation } from 'react-i18next';
import { chatEndpoints, type ActorCategory } from '@velvet/contracts';
import { LoadState, PageBreadcrumbs, useLanguage, useLoaded, usePlatform, useRouteLink } from '@velvet/federation';
import { Tile, TileGrid } from '@velvet/ui';
import { ListNav } from '../components/ListNav';

export function CategoryTiles({ categories, label }: { categories: ActorCategory[]; label: string }) {
  const { t } = useTranslation();
  const linkTo = useRouteLink();
  return (
    <TileGrid label={label}>
      {categories.map((category) => (
        <Tile
          key={category.id}
          link={linkTo('category', { categorySlug: category.slug })}
          image={{
            src: category.preview.url,
            width: category.preview.width,
            height: category.preview.height,
            alt: category.name,
          }}
          title={category.name}
          subtitle={t('categories.counts', { online: category.onlineCount, count: category.actorCount })}
        />
      ))}
    </TileGrid>
  );
}

/** Loads the categories once per language. */
export function useCategories() {
  const { api } = usePlatform();
  const language = useLanguage();
  return useLoaded(`categories/${language}`, () => api.rest(chatEndpoints.categories, { query: {} }));
}

export function CategoriesPage() {
  const { t } = useTranslation();
  const categories = useCategories();
  return (
    <section aria-labelledby="mf-chat-categories-title">
      <PageBreadcrumbs />
      <h1 id="mf-chat-categories-title">{t('categories.title')}</h1>
      <p>{t('categories.intro')}</p>
      <ListNav />
      <LoadState loaded={categories}>
        {(data) => <CategoryTiles categories={data.categories} label={t('categories.title')} />}
      </LoadState>
    </section>
  );
}
