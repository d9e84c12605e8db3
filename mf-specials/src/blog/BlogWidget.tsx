import { useTranslation } from 'react-i18next';
import { LoadState } from '@velvet/federation';
import { Section } from '@velvet/ui';
import { useLink } from '../links';
import { BlogPostTiles } from './BlogPostTiles';
import { useBlogPosts } from './useBlogPosts';

/** Home block "Blog": the latest posts. */
export function BlogWidget() {
  const { t } = useTranslation();
  const link = useLink();
  const loaded = useBlogPosts('latest', 1);
  return (
    <Section title={t('blog.title')} more={{ ...link('blog'), label: t('blog.all') }}>
      <LoadState loaded={loaded}>
        {(posts) => <BlogPostTiles posts={posts.items} label={t('blog.category.latest')} />}
      </LoadState>
    </Section>
  );
}
