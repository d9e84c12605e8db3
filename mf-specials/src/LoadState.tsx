import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Spinner } from '@velvet/ui';
import { errorStatus, type Loaded } from './hooks';

/**
 * The loading, failed and not-found states of a loaded value; renders `children` with the data once there
 * (and keeps showing the previous data while the next one loads).
 */
export function LoadState<T>({ loaded, children }: { loaded: Loaded<T> & { retry: () => void }; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (loaded.status === 'error' && errorStatus(loaded.error) === 404) {
    return <EmptyState title={t('common.notFoundTitle')} text={t('common.notFoundText')} />;
  }
  if (loaded.status === 'error') {
    return <ErrorState title={t('common.errorTitle')} text={t('common.errorText')} retryLabel={t('common.retry')} onRetry={loaded.retry} />;
  }
  if (loaded.data === undefined) return <Spinner label={t('common.loading')} />;
  return <>{children(loaded.data)}</>;
}
