import { useTranslation } from 'react-i18next';
import type { RouteName } from '@velvet/contracts';
import { useCurrentRoute, usePlatform, routeLink } from '@velvet/federation';
import { TabNav } from '@velvet/ui';

const SECTIONS: { route: RouteName; label: string; also?: RouteName[] }[] = [
  { route: 'tvLivestream', label: 'nav.livestream' },
  { route: 'tvPremiumLivestream', label: 'nav.premium' },
  { route: 'tvLateNight', label: 'nav.lateNight' },
  { route: 'tvSeriesOverview', label: 'nav.mediathek', also: ['tvSeries', 'tvSeriesVideos'] },
  { route: 'tvProgram', label: 'nav.program' },
];

/** The TV area's sub-pages. */
export function TvNav() {
  const { t } = useTranslation();
  const { router } = usePlatform();
  const current = useCurrentRoute().name;
  return (
    <TabNav
      label={t('nav.label')}
      items={SECTIONS.map((section) => ({
        key: section.route,
        label: t(section.label),
        link: routeLink(router, section.route),
        current: current === section.route || (section.also ?? []).includes(current),
      }))}
    />
  );
}
