import { useTranslation } from 'react-i18next';
import { tvEndpoints } from '@velvet/contracts';
import { LoadState, RouteButton, useLanguage, useLoaded, usePlatform } from '@velvet/federation';
import { formatDate } from '@velvet/i18n';

/** A TV article (`tv/article/{slug}`), in the page's language (articles are written in every one): the post, the models it is about, its category and the previous article. */
export function ArticlePage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const loaded = useLoaded(`tv-article:${slug}`, () => api.rest(tvEndpoints.article, { params: { slug } }));
  return (
    <section className="mf-tv-page">
      <LoadState loaded={loaded} notFound={t('article.notFound')}>
        {(article) => {
          const { post, previous, similar, categories } = article;
          return (
            <>
              <article className="mf-tv-article">
                <h1>{post.title[language]}</h1>
                <p className="mf-tv-article__meta">
                  <time dateTime={post.publishedAt}>
                    {formatDate(post.publishedAt, language, { day: 'numeric', month: 'long', year: 'numeric' })}
                  </time>
                </p>
                <img src={post.imageUrl} width={640} height={360} alt="" />
                <p className="mf-tv-article__teaser">{post.teaser[language]}</p>
                <p>{post.body[language]}</p>
              </article>
              {similar.models.length ? (
                <>
                  <h2>{t('article.models')}</h2>
                  <ul className="mf-tv-article__models" aria-label={t('article.models')}>
                    {similar.models.map((model) => (
                      <li key={model.id}>
                        <img src={model.avatarUrl} width={96} height={96} alt="" loading="lazy" />
                        <span>{model.name}</span>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <h2>{t('article.categories')}</h2>
              <ul className="mf-tv-article__categories" aria-label={t('article.categories')}>
                {categories.map((category) => (
                  <li key={category.key} aria-current={category.key === post.category ? 'true' : undefined}>
                    {t('article.category', {
                      name: category.name[language],
                      count: category.articleCount,
                    })}
                  </li>
                ))}
              </ul>
              {previous ? (
                <RouteButton variant="secondary" to="tvArticle" args={{ slug: previous.slug }}>
                  {t('article.previous', { title: previous.title[language] })}
                </RouteButton>
              ) : null}
            </>
          );
        }}
      </LoadState>
    </section>
  );
}
