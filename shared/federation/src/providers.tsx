import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { PlatformApi, RemoteName } from '@velvet/contracts';
import { PlatformContext } from './context';
import { createQueryClient } from './data';

/** What every mounted remote renders inside: its platform, its i18n namespace and its own query cache. */
export function RemoteProviders({
  platform,
  remote,
  children,
}: {
  platform: PlatformApi;
  remote: RemoteName;
  children: ReactNode;
}) {
  const [queryClient] = useState(createQueryClient);
  return (
    <PlatformContext.Provider value={platform}>
      <I18nextProvider i18n={platform.i18n} defaultNS={remote}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nextProvider>
    </PlatformContext.Provider>
  );
}
