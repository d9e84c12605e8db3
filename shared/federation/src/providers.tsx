import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { PlatformApi, RemoteName } from '@velvet/contracts';
import { PlatformContext } from './context';
import { createQueryClient, hydrateLoads } from './data';

/**
 * What every mounted remote renders inside: its platform, its i18n namespace and its own query cache, which starts
 * with the answers the server rendered the page with (`serverState`), or is the server's own (`queryClient`).
 */
export function RemoteProviders({
  platform,
  remote,
  serverState,
  queryClient: given,
  children,
}: {
  platform: PlatformApi;
  remote: RemoteName;
  serverState?: DehydratedState;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => {
    if (given) return given;
    const client = createQueryClient();
    if (serverState) hydrateLoads(client, serverState);
    return client;
  });
  return (
    <PlatformContext.Provider value={platform}>
      <I18nextProvider i18n={platform.i18n} defaultNS={remote}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nextProvider>
    </PlatformContext.Provider>
  );
}
