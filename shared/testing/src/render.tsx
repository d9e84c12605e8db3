import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { RemoteName } from '@velvet/contracts';
import { RemoteProviders, type LocaleLoader, type RemoteLocales } from '@velvet/federation';
import { createMockPlatform, type MockPlatform } from './mockPlatform';

export interface RenderWithPlatformOptions extends Omit<RenderOptions, 'wrapper'> {
  platform?: MockPlatform;
  /** The remote under test: its namespace becomes the default one and the root carries data-remote. */
  remote: RemoteName;
  locales?: RemoteLocales;
}

/**
 * Renders a remote's component the way defineRemoteApp mounts it: the same providers (platform, i18n with the
 * remote's namespace as default, query cache) and the data-remote root element.
 */
export function renderWithPlatform(
  element: ReactElement,
  { platform = createMockPlatform(), remote, locales, ...renderOptions }: RenderWithPlatformOptions,
): RenderResult & { platform: MockPlatform } {
  for (const [language, resources] of Object.entries(locales ?? {})) {
    platform.i18n.addResourceBundle(language, remote, resources, true, true);
  }
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <RemoteProviders platform={platform} remote={remote}>
      <div data-remote={remote}>{children}</div>
    </RemoteProviders>
  );
  return { ...render(element, { ...renderOptions, wrapper: Wrapper }), platform };
}

/** A test's strings as the loader a remote's `defineRemoteApp` / `defineWidgets` takes. */
export const loaderOf =
  (locales: RemoteLocales): LocaleLoader =>
  async (language) => ({ default: locales[language] });
