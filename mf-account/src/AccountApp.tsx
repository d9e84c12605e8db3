import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteName } from '@velvet/contracts';
import { PageBreadcrumbs, useCurrentRoute, usePlatform, useSession, routeLink } from '@velvet/federation';
import { LoginPrompt, TabNav } from '@velvet/ui';
import { Benefits } from './Benefits';
import { Overview } from './Overview';
import { EmailVerifyPage, NewsletterConfirmPage, NewsletterUnsubscribePage, PasswordResetPage } from './MailLinks';
import { Notifications } from './Notifications';
import { PasswordForm } from './PasswordForm';
import { Payments } from './Payments';
import { ProfileForm } from './ProfileForm';
import { PushPage } from './push/PushSettings';
import { Spinwheel } from './Spinwheel';
import { TvSubscription } from './Subscriptions';
import { VipClub } from './VipClub';
import { Vip30History } from './Vip30History';

/** Pages of the personal area, in the order of its navigation. */
export const AREA_PAGES = [
  'myAccount',
  'myAccountProfile',
  'myAccountBenefits',
  'myAccountSpinwheel',
  'myAccountPush',
  'myAccountNotifications',
  'myAccountPassword',
  'myAccountPayments',
] as const satisfies readonly RouteName[];
type AreaPage = (typeof AREA_PAGES)[number];

const PAGES: Record<AreaPage, ComponentType> = {
  myAccount: Overview,
  myAccountProfile: ProfileForm,
  myAccountBenefits: Benefits,
  myAccountSpinwheel: Spinwheel,
  myAccountPush: PushPage,
  myAccountNotifications: Notifications,
  myAccountPassword: PasswordForm,
  myAccountPayments: Payments,
};

/** The pages of links in mails: each does what its token says, with or without a login. */
const LINK_PAGES: Partial<Record<RouteName, ComponentType<{ token: string }>>> = {
  emailVerify: EmailVerifyPage,
  passwordReset: PasswordResetPage,
  newsletterConfirm: NewsletterConfirmPage,
  newsletterUnsubscribe: NewsletterUnsubscribePage,
};

/** The personal area (myvisitx and its sub-pages), the VIP club with its VIP30 value history and the TV subscription page. */
export function AccountApp() {
  const platform = usePlatform();
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const { guest } = useSession();
  if (route.name === 'vipClub') return <VipClub />;
  if (route.name === 'vip30History') return <Vip30History />;
  const LinkPage = LINK_PAGES[route.name];
  if (LinkPage) {
    const token = route.args.token ?? '';
    return (
      <div className="mf-account">
        <LinkPage key={token} token={token} />
      </div>
    );
  }
  if (route.name === 'tvSubscription') return <TvSubscription />;
  const current = (AREA_PAGES as readonly string[]).includes(route.name) ? (route.name as AreaPage) : 'myAccount';
  const Page = PAGES[current];
  return (
    <div className="mf-account">
      {/* The trail is the same for every visitor, so it is in the server's HTML before the login. */}
      <PageBreadcrumbs />
      <TabNav
        label={t('area.label')}
        items={AREA_PAGES.map((name) => ({
          key: name,
          label: t(`area.${name}`),
          current: name === current,
          link: routeLink(platform.router, name),
        }))}
      />
      {guest.flags.loggedIn ? (
        <Page key={guest.id} />
      ) : (
        <>
          <h1>{t(`area.${current}`)}</h1>
          <LoginPrompt text={t('login.text')} buttonLabel={t('login.button')} ui={platform.ui} />
        </>
      )}
    </div>
  );
}
