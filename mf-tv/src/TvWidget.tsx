import { useTranslation } from 'react-i18next';

export function TvWidget() {
  const { t } = useTranslation();
  return <h2>{t('title')}</h2>;
}
