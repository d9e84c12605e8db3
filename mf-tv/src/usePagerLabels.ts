import { useTranslation } from 'react-i18next';
import type { PagerLabels } from '@velvet/ui';

export function usePagerLabels(): PagerLabels {
  const { t } = useTranslation();
  return {
    navigation: t('pager.navigation'),
    previous: t('pager.previous'),
    next: t('pager.next'),
    page: (page) => t('pager.page', { page }),
  };
}
