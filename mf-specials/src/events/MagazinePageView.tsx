import { useTranslation } from 'react-i18next';
import { HIGH_ON_ROSE_PAGE, specialsEndpoints } from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, usePlatform, RouteButton, RouteLink } from '@velvet/federation';
import { formatBerlinDate } from '../format';
import { eventStatus } from './eventStatus';

/** Promo pages of an event with a page of its own (not a game), and that page's route. */
const PROMOTED_PAGES = { 'advent-calendar': 'adventCalendar', easter: 'easterEvent' } as const;

/** The way from a promo page to the page of the event it promotes (the advent calendar, the Easter egg hunt). */
function PromotedPageLink({ slug }: { slug: string }) {
  const { t } = useTranslation();
  if (!(slug in PROMOTED_PAGES)) return null;
  const route = PROMOTED_PAGES[slug as keyof typeof PROMOTED_PAGES];
  return (
    <p>
      <RouteButton to={route}>{t(`promo.open.${route}`)}</RouteButton>
    </p>
  );
}

/** A magazine promo page by slug, with the event it promotes and a link on to another promo page. */
export function MagazinePageView({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const loaded = useLoaded(`magazine:${slug}:${language}`, () =>
    api.rest(specialsEndpoints.magazinePage, { params: { page: slug }, query: {} }),
  );
  return (
    <div className="specials-page">
      <nav aria-label={t('common.breadcrumb')}>
        <RouteLink to="blog">{t('blog.title')}</RouteLink>
      </nav>
      <LoadState loaded={loaded}>
        {(page) => (
          <article className="specials-article" data-magazine={page.slug}>
            <h1>{page.title}</h1>
            <img
              className="specials-hero"
              src={page.imageUrl}
              width={page.imageWidth}
              height={page.imageHeight}
              alt=""
              loading="lazy"
            />
            <p className="specials-article__teaser">{page.teaser}</p>
            {page.body.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
            <PromotedPageLink slug={page.slug} />
            {page.event ? (
              <p>
                <RouteLink to="specialEvent" args={{ eventSlug: page.event.slug }}>
                  {page.event.name}
                </RouteLink>{' '}
                ·{' '}
                {t(`events.status.${eventStatus(page.event)}`, {
                  start: formatBerlinDate(page.event.startDate, language),
                  end: formatBerlinDate(page.event.endDate, language),
                })}
              </p>
            ) : null}
            <OtherPromo excludeId={page.id} />
          </article>
        )}
      </LoadState>
    </div>
  );
}

function OtherPromo({ excludeId }: { excludeId: number }) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const loaded = useLoaded(`magazineRandom:${excludeId}:${language}`, () =>
    api.rest(specialsEndpoints.randomMagazinePage, { params: { excludeId }, query: {} }),
  );
  if (loaded.status !== 'done') return null;
  const other = loaded.data;
  return (
    <p className="specials-more">
      {t('promo.more')}:{' '}
      {other.slug === HIGH_ON_ROSE_PAGE ? (
        <RouteLink to="highOnRose">{other.title}</RouteLink>
      ) : (
        <RouteLink to="magazinePromo" args={{ promo: other.slug }}>
          {other.title}
        </RouteLink>
      )}
    </p>
  );
}
