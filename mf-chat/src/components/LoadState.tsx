import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Spinner } from '@velvet/ui';
import type { Loaded } from '../hooks';

/** Spinner while the first answer is on its way, an error with retry, else the content for the data. */
export function LoadState<T>({
  state,
  retry,
  children,
}: {
  state: Loaded<T>;
  retry: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (state.status === 'error' && state.data === null) {
    return <ErrorState title={t('error.title')} text={t('error.text')} retryLabel={t('error.retry')} onRetry={retry} />;
  }
  if (state.data === null) return <Spinner label={t('loading')} />;
  return <>{children(state.data)}</>;
}
