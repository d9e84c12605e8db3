import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaEndpoints, type MediathekMediaType } from '@velvet/contracts';
import { useLoggedIn, usePlatform } from '@velvet/federation';
import { ApiError } from '@velvet/sdk';
import { Button } from '@velvet/ui';

/** What the buy button message says after a refused purchase, by the server's error code. */
const REFUSALS: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'buy.insufficientFunds',
  PRICE_CHANGED: 'buy.priceChanged',
};

/**
 * Buys a video or album at the price the guest sees. Anonymous visitors get the login flow; too little money
 * opens the money charge. Each click is one attempt with its own Idempotency-Key, so a retried request of the
 * same attempt never charges twice.
 */
export function BuyButton({
  mediaType,
  mediaId,
  price,
  free,
  onBought,
  onPriceChanged,
}: {
  mediaType: MediathekMediaType;
  mediaId: number;
  /** The price shown, in hundredths. */
  price: number;
  free: boolean;
  onBought: () => void;
  onPriceChanged: () => void;
}) {
  const { t } = useTranslation();
  const { api, ui } = usePlatform();
  const loggedIn = useLoggedIn();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const buy = async () => {
    if (!loggedIn) return ui.open('login');
    setBusy(true);
    setRefusal(null);
    try {
      await api.rest(mediaEndpoints.buy, {
        params: { albumId: mediaId },
        query: { mediaType },
        body: { price },
        idempotencyKey: crypto.randomUUID(),
      });
      ui.toast(t('buy.done'), 'success');
      onBought();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      setRefusal(t(REFUSALS[code] ?? 'buy.failed'));
      if (code === 'INSUFFICIENT_FUNDS') ui.open('moneyCharge');
      if (code === 'PRICE_CHANGED') onPriceChanged();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mf-media-buy">
      <Button busy={busy} onClick={() => void buy()}>
        {free ? t('buy.free') : t('buy.label')}
      </Button>
      {refusal ? (
        <p role="alert" className="mf-media-buy__notice">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
