import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { Button } from '@velvet/ui';

/**
 * Buying needs a guest: anonymous visitors get the login flow. Paying itself arrives with the wallet; until
 * then a guest is told so instead of being charged.
 */
export function BuyButton({ free }: { free: boolean }) {
  const { t } = useTranslation();
  const { ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const [notice, setNotice] = useState(false);
  return (
    <div className="mf-media-buy">
      <Button onClick={() => (loggedIn ? setNotice(true) : ui.open('login'))}>
        {free ? t('buy.free') : t('buy.label')}
      </Button>
      {notice ? (
        <p role="status" className="mf-media-buy__notice">
          {t('buy.comesWithWallet')}
        </p>
      ) : null}
    </div>
  );
}
