import { useTranslation } from 'react-i18next';
import type { PagerLabels } from '@velvet/ui';

export function usePagerLabels(): PagerLabels {
  const { t } = useTranslation();
  return {
    navigation: t('common.pages'),
    previous: t('common.previous'),
    next: t('common.next'),
    page: (page) => t('common.page', { page }),
  };
}
