import { useTranslation } from 'react-i18next';
import { mediaEndpoints } from '@velvet/contracts';
import { LoadState, RouteLink, useGuest, useGuestKey, useLanguage, useLoaded, usePlatform } from '@velvet/federation';
import { formatDate } from '@velvet/i18n';
import { formatCurrency } from '@velvet/sdk';
import { EmptyState, LoginPrompt } from '@velvet/ui';

/** The guest's months of VIP membership with what their VIP30 offers were worth; loaded for a logged-in guest. */
function HistoryTable() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const language = useLanguage();
  const guestKey = useGuestKey();
  const loaded = useLoaded(`account.vip30History:${guestKey}`, () => platform.api.rest(mediaEndpoints.vip30History));
  return (
    <LoadState loaded={loaded}>
      {({ months }) =>
        months.length === 0 ? (
          <EmptyState title={t('vip30.none')} />
        ) : (
          <table className="mf-account__vip30">
            <thead>
              <tr>
                <th scope="col">{t('vip30.month')}</th>
                <th scope="col">{t('vip30.offers')}</th>
                <th scope="col">{t('vip30.value')}</th>
              </tr>
            </thead>
            <tbody>
              {months.map((row) => (
                <tr key={row.month} data-month={row.month}>
                  {/* A month is a UTC calendar month: named in UTC, so no time zone moves it. */}
                  <th scope="row">
                    {formatDate(`${row.month}-01T00:00:00Z`, language, {
                      month: 'long',
                      year: 'numeric',
                      timeZone: 'UTC',
                    })}
                  </th>
                  <td>{row.offers}</td>
                  <td>{formatCurrency(row.value.value, row.value.currency, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </LoadState>
  );
}

/**
 * The VIP30 value history: per month of VIP membership, the VIP30 offers the guest got for free and their worth
 * at base prices. Personal, so the shared server render shows visitors' login prompt and the table follows after
 * hydration for a logged-in guest.
 */
export function Vip30History() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const guest = useGuest();
  return (
    <div className="mf-account">
      <h1>{t('vip30.title')}</h1>
      <p>{t('vip30.intro')}</p>
      {guest.flags.loggedIn ? (
        <HistoryTable />
      ) : (
        <LoginPrompt text={t('vip30.login')} buttonLabel={t('login.button')} ui={platform.ui} />
      )}
      <p>
        <RouteLink to="vipClub">{t('vip30.back')}</RouteLink>
      </p>
    </div>
  );
}
