import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COIN_LOYALTY_TIERS,
  claimCoinLoyaltyBonusMutation,
  coinLoyaltyQuery,
  type CoinLoyalty,
  type Language,
} from '@velvet/contracts';
import { formatDate } from '@velvet/i18n';
import { LoadState, useGuestKey, useLanguage, useLoaded, useLoggedIn, usePlatform } from '@velvet/federation';
import { Button, LoginPrompt, Section } from '@velvet/ui';
import { formatBerlinDate } from '../format';

/** A YYYY-MM Berlin month as its name and year. */
const formatMonth = (month: string, language: Language) =>
  formatDate(`${month}-01T00:00:00Z`, language, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The coin loyalty bonus (gold rush): the tiers of the programme for everyone; for a guest, what she spent last
 * month, the share it earns and the claim of it (the server grants it once and pushes the balance).
 */
export function CoinLoyaltyPage() {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  const loggedIn = useLoggedIn();
  return (
    <div className="specials-page">
      <h1>{t('coinLoyalty.title')}</h1>
      <p>{t('coinLoyalty.intro')}</p>
      <Section title={t('coinLoyalty.tiers')} level={2}>
        <ul aria-label={t('coinLoyalty.tiers')} data-testid="coin-loyalty-tiers">
          {COIN_LOYALTY_TIERS.map((tier) => (
            <li key={tier.from}>{t('coinLoyalty.tier', { from: tier.from, percent: tier.percent })}</li>
          ))}
        </ul>
      </Section>
      {loggedIn ? (
        <GuestCoinLoyalty />
      ) : (
        <LoginPrompt text={t('coinLoyalty.loginToSee')} buttonLabel={t('common.login')} ui={ui} />
      )}
    </div>
  );
}

function GuestCoinLoyalty() {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const language = useLanguage();
  const guestKey = useGuestKey();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const loaded = useLoaded(`coinLoyalty:${guestKey}`, async () => (await api.query(coinLoyaltyQuery, {})).coinLoyalty);
  const claim = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const state = (await api.query(claimCoinLoyaltyBonusMutation, {})).claimCoinLoyaltyBonus;
      loaded.update(() => state);
      ui.toast(t('coinLoyalty.claimedNow'), 'success');
    } catch {
      setFailed(true);
      loaded.reload();
    } finally {
      setBusy(false);
    }
  };
  const lowest = COIN_LOYALTY_TIERS[0].from;
  return (
    <Section title={t('coinLoyalty.yours')} level={2}>
      <LoadState loaded={loaded}>
        {(state: CoinLoyalty) => (
          <div data-testid="coin-loyalty">
            <p data-testid="coin-loyalty-spent">
              {t('coinLoyalty.spent', { month: formatMonth(state.month, language), count: state.spentCoins })}
            </p>
            {state.percent > 0 ? (
              <p>{t('coinLoyalty.bonus', { percent: state.percent, count: state.bonusCoins })}</p>
            ) : (
              <p>{t('coinLoyalty.noTier', { from: lowest })}</p>
            )}
            {state.claimed ? <p data-testid="coin-loyalty-claimed">{t('coinLoyalty.claimed')}</p> : null}
            {state.claimable ? (
              <>
                <Button busy={busy} onClick={() => void claim()}>
                  {t('coinLoyalty.claim', { count: state.bonusCoins })}
                </Button>
                <p className="specials-note">
                  {t('coinLoyalty.until', { date: formatBerlinDate(state.claimableUntil, language) })}
                </p>
              </>
            ) : null}
            {failed ? (
              <p className="specials-notice" role="alert">
                {t('coinLoyalty.failed')}
              </p>
            ) : null}
          </div>
        )}
      </LoadState>
    </Section>
  );
}
