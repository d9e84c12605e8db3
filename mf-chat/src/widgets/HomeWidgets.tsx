import { useTranslation } from 'react-i18next';
import { Section } from '@velvet/ui';
import { LoadState, useRouteLink } from '@velvet/federation';
import { CategoryTiles, useCategories } from '../pages/CategoriesPage';
import { ActorListWidget, WIDGET_ACTOR_COUNT } from './ActorListWidget';

export function TopCamsWidget() {
  const { t } = useTranslation();
  return <ActorListWidget kind="top-cams" route="topCams" title={t('widgets.top')} />;
}

export function NewGirlsWidget() {
  const { t } = useTranslation();
  return <ActorListWidget kind="new-girls" route="newGirls" title={t('widgets.new')} />;
}

export function CamShowsWidget() {
  const { t } = useTranslation();
  return <ActorListWidget kind="cam-shows" route="camShows" title={t('widgets.camShows')} />;
}

export function CategoriesWidget() {
  const { t } = useTranslation();
  const more = useRouteLink()('categories');
  const categories = useCategories();
  return (
    <Section title={t('widgets.categories')} more={more && { ...more, label: t('widgets.showAll') }}>
      <LoadState loaded={categories}>
        {(data) => (
          <CategoryTiles categories={data.categories.slice(0, WIDGET_ACTOR_COUNT)} label={t('widgets.categories')} />
        )}
      </LoadState>
    </Section>
  );
}
