import { useTranslation } from 'react-i18next';
import { LoadState, useRouteLink } from '@velvet/federation';
import { Section } from '@velvet/ui';
import { BlogPostTiles } from './BlogPostTiles';
import { useBlogPosts } from './useBlogPosts';

/** Home block "Blog": the latest posts. */
export function BlogWidget() {
  const { t } = useTranslation();
  const link = useRouteLink();
  const more = link('blog');
  const loaded = useBlogPosts('latest', 1);
  return (
    <Section title={t('blog.title')} more={more && { ...more, label: t('blog.all') }}>
      <LoadState loaded={loaded}>
        {(posts) => <BlogPostTiles posts={posts.items} label={t('blog.category.latest')} />}
      </LoadState>
    </Section>
  );
}
