import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '@velvet/contracts';
import { InPageIncentive, PageBreadcrumbs, useCurrentRoute } from '@velvet/federation';
import { COMMON_NAMESPACE } from '@velvet/i18n';
import { EmptyState } from '@velvet/ui';
import { DailyDealsPage } from './daily/DailyDealsPage';
import { ContestsPage } from './contests/ContestsPage';
import { ContestPage } from './contests/ContestPage';
import { BlogPage } from './blog/BlogPage';
import { BlogArticlePage } from './blog/BlogArticlePage';
import { HighOnRosePage, MagazinePromoPage } from './events/MagazinePromoPage';
import { SpecialEventPage } from './events/SpecialEventPage';
import { ClashPage } from './clash/ClashPage';
import { AdventCalendarPage } from './games/AdventCalendarPage';
import { EasterEventPage, UserActivityPage } from './calendar/CalendarEventPages';
import { CoinLoyaltyPage } from './loyalty/CoinLoyaltyPage';
import { ScratchCardPage } from './codes/ScratchCardPage';
import { GiftCalendarPage } from './calendar/GiftCalendarPage';
import './specials.css';

/** The page of each route this remote owns (remote.json). */
const PAGES: Partial<Record<RouteName, ComponentType>> = {
  dailyDeals: DailyDealsPage,
  contests: ContestsPage,
  contest: ContestPage,
  blog: BlogPage,
  blogArticle: BlogArticlePage,
  magazinePromo: MagazinePromoPage,
  specialEvent: SpecialEventPage,
  highOnRose: HighOnRosePage,
  clashOfCams: ClashPage,
  adventCalendar: AdventCalendarPage,
  easterEvent: EasterEventPage,
  userActivity: UserActivityPage,
  coinLoyalty: CoinLoyaltyPage,
  scratchCard: ScratchCardPage,
  giftCalendar: GiftCalendarPage,
};

export function SpecialsApp() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const Page = PAGES[route.name];
  if (!Page) return <EmptyState title={t('notFoundTitle', { ns: COMMON_NAMESPACE })} />;
  // A new key per route and arguments starts every page fresh (paging, toggles). The trail is the server's, for the
  // pages that have a breadcrumb type (blog, articles, contests). The inPage incentives the operator defined for the
  // page's route are above it.
  return (
    <>
      <InPageIncentive />
      <PageBreadcrumbs />
      <Page key={`${route.name}:${JSON.stringify(route.args)}`} />
    </>
  );
}
