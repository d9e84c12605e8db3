import { useTranslation } from 'react-i18next';
import { specialsEndpoints } from '@velvet/contracts';
import {
  LoadState,
  useCurrentRoute,
  useGuestKey,
  useLanguage,
  useLoaded,
  usePlatform,
  RouteLink,
} from '@velvet/federation';
import { Section } from '@velvet/ui';
import { formatBerlinDate } from '../format';
import { BlogPostTiles } from './BlogPostTiles';

/** One blog post with its performers, the previous post of its category and similar ones. */
export function BlogArticlePage() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const route = useCurrentRoute();
  const language = useLanguage();
  const slug = route.args.slug ?? '';
  // Its performers' avatars come through the guest's age gate: a logged-in guest loads her own answer.
  const guestKey = useGuestKey();
  const loaded = useLoaded(`article:${slug}:${language}:${guestKey}`, () =>
    api.rest(specialsEndpoints.blogArticle, { params: { slug }, query: {} }),
  );
  return (
    <div className="specials-page">
      <LoadState loaded={loaded}>
        {({ post, previous, similar }) => (
          <article className="specials-article">
            <p>
              {t(`blog.categoryById.${post.categoryId}`)} ·{' '}
              <time dateTime={post.published}>{formatBerlinDate(post.published, language)}</time>
            </p>
            <h1>{post.title}</h1>
            <img
              className="specials-hero"
              src={post.imageUrl}
              width={post.imageWidth}
              height={post.imageHeight}
              alt=""
              loading="lazy"
            />
            <p className="specials-article__teaser">{post.teaser}</p>
            {post.body.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
            {post.actors.length > 0 ? (
              <Section title={t('blog.performers')} level={2}>
                <ul className="specials-people">
                  {post.actors.map((actor) => (
                    <li key={actor.id}>
                      <RouteLink to="actorProfile" args={{ actorName: actor.name }}>
                        <img src={actor.avatarUrl} width={60} height={60} alt="" loading="lazy" />
                        {actor.displayName}
                      </RouteLink>
                    </li>
                  ))}
                </ul>
              </Section>
            ) : null}
            {previous ? (
              <p>
                {t('blog.previous')}:{' '}
                <RouteLink to="blogArticle" args={{ slug: previous.slug }}>
                  {previous.title}
                </RouteLink>
              </p>
            ) : null}
            {similar.length > 0 ? (
              <Section title={t('blog.similar')}>
                <BlogPostTiles posts={similar} label={t('blog.similar')} />
              </Section>
            ) : null}
          </article>
        )}
      </LoadState>
    </div>
  );
}
