import { useTranslation } from 'react-i18next';
import {
  PAGE_BREADCRUMB_TYPES,
  seoEndpoints,
  type BreadcrumbType,
  type RouteArgsOf,
  type RouteName,
} from '@velvet/contracts';
import { COMMON_NAMESPACE } from '@velvet/i18n';
import { Breadcrumbs, type BreadcrumbsItem } from '@velvet/ui';
import { usePlatform } from './context';
import { useLoaded } from './data';
import { useCurrentRoute } from './hooks';

/**
 * The trail of the current page, as the server builds it for its breadcrumb type (the same trail as the page
 * head's JSON-LD), named in the page's language. Loaded with the page, so it is in the server-rendered HTML; while
 * it loads (or when it cannot), the bar keeps its height and shows no crumbs. Without a type it is the current
 * route's page type (a route without one shows no bar), without a payload the current route's arguments.
 */
export function PageBreadcrumbs({
  type,
  payload,
}: {
  type?: BreadcrumbType;
  payload?: Readonly<Record<string, string>>;
}) {
  const current = useCurrentRoute();
  const pageType = type ?? PAGE_BREADCRUMB_TYPES[current.name];
  return pageType ? <Trail type={pageType} payload={payload ?? current.args} /> : null;
}

function Trail({ type, payload }: { type: BreadcrumbType; payload: Readonly<Record<string, string>> }) {
  const { t } = useTranslation(COMMON_NAMESPACE);
  const { api, router } = usePlatform();
  const { language } = useCurrentRoute();
  const trail = useLoaded(`breadcrumb|${type}|${language}|${JSON.stringify(payload)}`, () =>
    api.rest(seoEndpoints.breadcrumb, {
      params: { breadcrumbType: type },
      query: {},
      body: { payload: { ...payload } },
    }),
  );
  const answer = 'data' in trail ? trail.data : undefined;
  const items: BreadcrumbsItem[] =
    answer !== undefined
      ? answer.data.breadcrumb.map((crumb) => {
          const route = crumb.route as RouteName;
          return {
            name: crumb.name,
            link: router.has(route)
              ? {
                  href: crumb.path,
                  // The trail's pages take the current page's arguments (or some of them).
                  onNavigate: () => router.navigate(route, payload as RouteArgsOf<typeof route>),
                }
              : { href: crumb.path },
          };
        })
      : [];
  return <Breadcrumbs label={t('breadcrumb.label')} items={items} />;
}
