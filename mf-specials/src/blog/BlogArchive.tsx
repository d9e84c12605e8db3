import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOG_ARCHIVE_PAGE_SIZE, specialsEndpoints } from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, usePagerLabels, usePlatform } from '@velvet/federation';
import { Button, Pager, Section } from '@velvet/ui';
import { BlogPostTiles } from './BlogPostTiles';

/** Every post by year, nine at a time. */
export function BlogArchive() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const pagerLabels = usePagerLabels(t('blog.archive'));
  const [year, setYear] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const loaded = useLoaded(`archive:${year}:${page}:${language}`, () =>
    api.rest(specialsEndpoints.blogArchives, {
      params: { category: 'latest' },
      query: { page, pageSize: BLOG_ARCHIVE_PAGE_SIZE, ...(year === undefined ? {} : { year }) },
    }),
  );
  return (
    <div id="blog-archive">
      <Section title={t('blog.archive')}>
        <LoadState loaded={loaded}>
          {(archive) => (
            <>
              <div className="specials-toggle" role="group" aria-label={t('blog.years')}>
                {archive.years.map((entry) => (
                  <Button
                    key={entry.year}
                    size="small"
                    variant={entry.year === year ? 'primary' : 'secondary'}
                    aria-pressed={entry.year === year}
                    onClick={() => {
                      setYear(entry.year === year ? undefined : entry.year);
                      setPage(1);
                    }}
                  >
                    {t('blog.year', { year: entry.year, count: entry.count })}
                  </Button>
                ))}
              </div>
              <BlogPostTiles posts={archive.posts.items} label={t('blog.archive')} busy={loaded.status === 'loading'} />
              <Pager
                page={page}
                pageCount={Math.ceil(archive.posts.total / archive.posts.pageSize)}
                onChange={setPage}
                labels={pagerLabels}
              />
            </>
          )}
        </LoadState>
      </Section>
    </div>
  );
}
