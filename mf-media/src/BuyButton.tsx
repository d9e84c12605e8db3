import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountEndpoints, mediaEndpoints, type MediathekMediaType } from '@velvet/contracts';
import { useGuestKey, useLoaded, useLoggedIn, usePlatform } from '@velvet/federation';
import { ApiError } from '@velvet/sdk';
import { Button } from '@velvet/ui';

/** What the buy button message says after a refused purchase, by the server's error code. */
const REFUSALS: Record<string, string> = {
  INSUFFICIENT_FUNDS: 'buy.insufficientFunds',
  PRICE_CHANGED: 'buy.priceChanged',
  VOUCHER_EXPIRED: 'buy.voucherExpired',
  VOUCHER_USED_UP: 'buy.voucherUsedUp',
};

/**
 * Buys a video or album at the price the guest sees. Anonymous visitors get the login flow; too little money
 * opens the money charge. Each click is one attempt with its own Idempotency-Key, so a retried request of the
 * same attempt never charges twice.
 */
export function BuyButton({
  mediaType,
  mediaId,
  actorId,
  price,
  free,
  onBought,
  onPriceChanged,
}: {
  mediaType: MediathekMediaType;
  mediaId: number;
  /** Her performer: a voucher limited to performers pays only for theirs. */
  actorId: number;
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
  const payWithVoucher = async (voucherId: number) => {
    setBusy(true);
    setRefusal(null);
    try {
      await api.rest(accountEndpoints.useVoucher, {
        params: { voucherId },
        body: { mediaId },
        idempotencyKey: crypto.randomUUID(),
      });
      ui.toast(t('buy.done'), 'success');
      onBought();
    } catch (error) {
      setRefusal(t(REFUSALS[error instanceof ApiError ? error.code : ''] ?? 'buy.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mf-media-buy">
      <Button busy={busy} onClick={() => void buy()}>
        {free ? t('buy.free') : t('buy.label')}
      </Button>
      {/* The guest's own vouchers, after hydration (the server renders the page for every visitor). */}
      {loggedIn && !free ? (
        <VoucherButton mediaType={mediaType} actorId={actorId} busy={busy} onUse={(id) => void payWithVoucher(id)} />
      ) : null}
      {refusal ? (
        <p role="alert" className="mf-media-buy__notice">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

/** A video (1) or photo album (4) voucher of the guest that holds for this performer buys the item instead of coins. */
function VoucherButton({
  mediaType,
  actorId,
  busy,
  onUse,
}: {
  mediaType: MediathekMediaType;
  actorId: number;
  busy: boolean;
  onUse: (voucherId: number) => void;
}) {
  const { t } = useTranslation();
  const { api } = usePlatform();
  const guestKey = useGuestKey();
  const loaded = useLoaded(`account.benefits:${guestKey}`, () => api.rest(accountEndpoints.benefits));
  const type = mediaType === 'VIDEO' ? 1 : 4;
  const voucher =
    loaded.status === 'done'
      ? loaded.data.vouchers.find(
          (v) => v.type === type && (v.actors.length === 0 || v.actors.some((actor) => actor.id === actorId)),
        )
      : undefined;
  if (!voucher) return null;
  return (
    <Button variant="secondary" busy={busy} onClick={() => onUse(voucher.id)}>
      {t(mediaType === 'VIDEO' ? 'buy.videoVoucher' : 'buy.albumVoucher')}
    </Button>
  );
}
