import { useTranslation } from 'react-i18next';
import { HIGH_ON_ROSE_PAGE, specialsEndpoints } from '@velvet/contracts';
import { LoadState, useLanguage, useLoaded, usePlatform, useRouteLink } from '@velvet/federation';
import { Section, Tile, TileGrid } from '@velvet/ui';

/** The magazine's promo pages (easter, shooting gallery, ...); high on rose has its own route. */
export function MagazinePromoList() {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const language = useLanguage();
  const link = useRouteLink();
  const loaded = useLoaded(
    `magazines:${language}`,
    async () => (await api.rest(specialsEndpoints.magazinePages, { query: {} })).pages,
  );
  return (
    <div id="magazine-promos">
      <Section title={t('promo.title')}>
        <LoadState loaded={loaded}>
          {(pages) => (
            <TileGrid label={t('promo.title')}>
              {pages.map((page) => (
                <Tile
                  key={page.id}
                  link={
                    page.slug === HIGH_ON_ROSE_PAGE ? link('highOnRose') : link('magazinePromo', { promo: page.slug })
                  }
                  image={{ src: page.imageUrl, width: page.imageWidth, height: page.imageHeight, alt: page.title }}
                  title={page.title}
                  subtitle={page.teaser}
                />
              ))}
            </TileGrid>
          )}
        </LoadState>
      </Section>
    </div>
  );
}
