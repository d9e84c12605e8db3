import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@velvet/sdk';
import { EmptyState, ErrorState, Spinner } from '@velvet/ui';
import type { Loaded } from './hooks';

/** Spinner, "not found", error with retry, or the content once loaded. */
export function LoadState<T>({
  loaded,
  notFound,
  children,
}: {
  loaded: Loaded<T> & { retry: () => void };
  notFound?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (loaded.status === 'error') {
    if (notFound && loaded.error instanceof ApiError && loaded.error.code === 'NOT_FOUND')
      return <EmptyState title={notFound} />;
    return (
      <ErrorState
        title={t('error.title')}
        text={t('error.text')}
        retryLabel={t('error.retry')}
        onRetry={loaded.retry}
      />
    );
  }
  if (loaded.status === 'loading') return <Spinner label={t('loading')} />;
  return <>{children(loaded.data)}</>;
}
