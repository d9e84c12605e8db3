import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IncomingMessage } from '@velvet/contracts';
import { usePlatform } from '@velvet/federation';
import { formatCurrency } from '@velvet/sdk';
import { Button } from '@velvet/ui';
import { formatChatPrice } from '../format';

type Offer = Omit<IncomingMessage<'oneClick'>, 'type' | 'result'>;

/**
 * The in-chat top-up offered while the coins run low: asks the server what one click can charge (canOneClick),
 * charges the chosen amount with the guest's last payment method (chargeOneClick, one requestId per click so a
 * repeat never charges twice) and says how it went; the chat goes on meanwhile. A guest who never paid gets the
 * money charge instead.
 */
export function OneClickOffer({ secondsLeft, onClose }: { secondsLeft: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { bus, ui } = usePlatform();
  const titleId = useId();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [requestId, setRequestId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const subscription = bus.on('oneClick').subscribe(({ type: _type, result, ...next }) => {
      setOffer(next);
      if (!result || result.requestId !== requestId) return;
      setRequestId(null);
      if (result.success) {
        ui.toast(t('chat.oneClick.done', { coins: formatChatPrice(result.coins) }), 'success');
        onClose();
      } else {
        setFailure(t(result.errorCode === 'PAYMENT_DECLINED' ? 'chat.oneClick.declined' : 'chat.oneClick.failed'));
      }
    });
    return () => subscription.unsubscribe();
  }, [bus, ui, t, requestId, onClose]);

  useEffect(() => {
    bus.send({ type: 'canOneClick' });
  }, [bus]);

  const charge = (amount: number) => {
    const id = crypto.randomUUID();
    setFailure(null);
    setRequestId(id);
    bus.send({ type: 'chargeOneClick', amount, channelId: null, requestId: id });
  };

  return (
    <section className="mf-chat-oneclick" aria-labelledby={titleId} data-testid="one-click-offer">
      <h2 id={titleId}>{t('chat.oneClick.title')}</h2>
      <p>{t('chat.oneClick.text', { count: secondsLeft })}</p>
      {offer === null ? null : offer.isPaying && offer.amounts.length > 0 ? (
        <div className="mf-chat-oneclick__amounts">
          {offer.amounts.map((amount) => (
            <Button key={amount} busy={requestId !== null} onClick={() => charge(amount)}>
              {t('chat.oneClick.charge', { amount: formatCurrency(amount, 'EUR') })}
            </Button>
          ))}
        </div>
      ) : (
        <Button onClick={() => ui.open('moneyCharge')}>{t('chat.buyCoins')}</Button>
      )}
      {failure ? <p role="alert">{failure}</p> : null}
      <Button variant="ghost" onClick={onClose}>
        {t('chat.oneClick.notNow')}
      </Button>
    </section>
  );
}
