import { useTranslation } from 'react-i18next';
import type { RouteArgs, RouteName } from '@velvet/contracts';
import { routeLink, usePlatform } from '@velvet/federation';
import { LinkOrText } from '@velvet/ui';

export interface Crumb {
  label: string;
  route: RouteName;
  args?: RouteArgs;
}

/**
 * Where a TV page sits: Home › TV › … › the page itself (spec: TV breadcrumb types). A crumb whose page is not served
 * on this page load is its text alone.
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
    <nav aria-label={t('breadcrumb.label')} className="mf-tv-breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={index} aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={index}>
              <LinkOrText link={routeLink(router, crumb.route, crumb.args)}>{crumb.label}</LinkOrText>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
