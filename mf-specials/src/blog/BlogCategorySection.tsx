import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState, usePagerLabels } from '@velvet/federation';
import { EmptyState, Pager, Section } from '@velvet/ui';
import { BlogPostTiles } from './BlogPostTiles';
import { useBlogPosts } from './useBlogPosts';

/** One category of the blog landing, paged on its own. */
export function BlogCategorySection({ alias }: { alias: string }) {
  const { t } = useTranslation();
  const title = t(`blog.category.${alias}`);
  const pagerLabels = usePagerLabels(title);
  const [page, setPage] = useState(1);
  const loaded = useBlogPosts(alias, page);
  return (
    <div id={`blog-${alias}`} data-blog-category={alias}>
      <Section title={title}>
        <LoadState loaded={loaded}>
          {(posts) =>
            posts.total === 0 ? (
              <EmptyState title={t('blog.empty')} />
            ) : (
              <>
                <BlogPostTiles posts={posts.items} label={title} busy={loaded.status === 'loading'} />
                <Pager
                  page={page}
                  pageCount={Math.ceil(posts.total / posts.pageSize)}
                  onChange={setPage}
                  labels={pagerLabels}
                />
              </>
            )
          }
        </LoadState>
      </Section>
    </div>
  );
}
