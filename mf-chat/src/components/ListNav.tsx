import { useTranslation } from 'react-i18next';
import type { RouteName } from '@velvet/contracts';
import { useCurrentRoute, useRouteLink } from '@velvet/federation';
import { TabNav } from '@velvet/ui';

/** The performer lists, in the order a visitor looks for someone. */
const LISTS: RouteName[] = ['cams', 'freeChat', 'newGirls', 'categories', 'topCams', 'camShows'];

/** Links between the performer lists; the current one is marked. */
export function ListNav() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const linkTo = useRouteLink();
  return (
    <TabNav
      label={t('listNav.label')}
      items={LISTS.map((name) => ({
        key: name,
        label: t(`listNav.${name}`),
        current: route.name === name || (name === 'categories' && route.name === 'category'),
        link: linkTo(name),
      }))}
    />
  );
}
