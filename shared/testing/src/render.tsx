import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { RemoteName } from '@velvet/contracts';
import { PlatformContext, type RemoteLocales } from '@velvet/federation';
import { createMockPlatform, type MockPlatform } from './mockPlatform';

export interface RenderWithPlatformOptions extends Omit<RenderOptions, 'wrapper'> {
  platform?: MockPlatform;
  /** The remote under test: its namespace becomes the default one and the root carries data-remote. */
  remote: RemoteName;
  locales?: RemoteLocales;
}

/**
 * Renders a remote's component the way defineRemoteApp mounts it: platform context, the shared i18n
 * instance with the remote's translations as default namespace, and the data-remote root element.
 */
export function renderWithPlatform(
  element: ReactElement,
  { platform = createMockPlatform(), remote, locales, ...renderOptions }: RenderWithPlatformOptions,
): RenderResult & { platform: MockPlatform } {
  for (const [language, resources] of Object.entries(locales ?? {})) {
    platform.i18n.addResourceBundle(language, remote, resources, true, true);
  }
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <PlatformContext.Provider value={platform}>
      <I18nextProvider i18n={platform.i18n} defaultNS={remote}>
        <div data-remote={remote}>{children}</div>
      </I18nextProvider>
    </PlatformContext.Provider>
  );
  return { ...render(element, { ...renderOptions, wrapper: Wrapper }), platform };
}
