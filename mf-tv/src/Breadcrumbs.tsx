import { useTranslation } from 'react-i18next';
import type { RouteArgs, RouteName } from '@velvet/contracts';
import { routeLink, usePlatform } from '@velvet/federation';
import { Breadcrumbs as BreadcrumbBar } from '@velvet/ui';

export interface Crumb {
  label: string;
  route: RouteName;
  args?: RouteArgs;
}

/**
 * Where a TV page sits: Home › TV › … › the page itself (spec: TV breadcrumb types). A crumb whose page is not served
 * on this page load is its text alone. Shown by the site's one breadcrumb bar.
 */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation();
  const { router } = usePlatform();
  const crumbs: Crumb[] = [
    { label: t('breadcrumb.home'), route: 'home' },
    { label: t('breadcrumb.tv'), route: 'tvLivestream' },
    ...trail,
  ];
  return (
    <BreadcrumbBar
      label={t('breadcrumb.label')}
      items={crumbs.map((crumb) => ({ name: crumb.label, link: routeLink(router, crumb.route, crumb.args) }))}
    />
  );
}
