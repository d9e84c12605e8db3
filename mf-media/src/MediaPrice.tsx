import { useTranslation } from 'react-i18next';
import type { MediaMoney } from '@velvet/contracts';
import { Price } from '@velvet/ui';
import { discountPercent, formatMoney } from './format';

/** The price to pay, and on sale the struck-through base price with the discount. */
export function MediaPrice({ price, basePrice }: { price: MediaMoney; basePrice: MediaMoney }) {
  const { t } = useTranslation();
  const discount = discountPercent(price, basePrice);
  return (
    <span className="mf-media-price">
      <Price amount={price.value} format={() => formatMoney(price)} freeLabel={t('price.free')} />
      {discount > 0 ? (
        <>
          {' '}
          <del aria-label={t('price.basePrice', { price: formatMoney(basePrice) })}>{formatMoney(basePrice)}</del>{' '}
          <span className="mf-media-price__discount">{t('price.discount', { percent: discount })}</span>
        </>
      ) : null}
    </span>
  );
}
