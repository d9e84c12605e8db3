import { useTranslation } from 'react-i18next';
import { BLOG_CATEGORY_IDS } from '@velvet/contracts';
import { LoadState } from '@velvet/federation';
import { SpecialEventsList } from '../events/SpecialEventsList';
import { MagazinePromoList } from '../events/MagazinePromoList';
import { BlogArchive } from './BlogArchive';
import { BlogCategorySection } from './BlogCategorySection';
import { BlogPostTiles } from './BlogPostTiles';
import { useBlogPosts } from './useBlogPosts';

/** The landing sections of the spec, each paged on its own. */
export const BLOG_LANDING_SECTIONS = ['latest', 'news', 'actions', 'interviews', 'events'] as const;

/** The magazine: featured posts, the category sections, promo pages, special events and the archive by year. */
export function BlogPage() {
  const { t } = useTranslation();
  const featured = useBlogPosts(String(BLOG_CATEGORY_IDS.featured), 1, 1);
  return (
    <div className="specials-page">
      <h1>{t('blog.title')}</h1>
      <LoadState loaded={featured}>
        {(posts) =>
          posts.items.length > 0 ? <BlogPostTiles posts={posts.items} label={t('blog.category.featured')} /> : null
        }
      </LoadState>
      {BLOG_LANDING_SECTIONS.map((alias) => (
        <BlogCategorySection key={alias} alias={alias} />
      ))}
      <MagazinePromoList />
      <SpecialEventsList />
      <BlogArchive />
    </div>
  );
}
