import { listedLanguages } from './pages';
import type { ModuleContext } from '../module';
import type { tenantOfHost } from '../federation';

type Tenant = Awaited<ReturnType<typeof tenantOfHost>>;

/** The icon sizes browsers ask of an installable site: the home screen's and the splash screen's. */
export const APP_ICON_SIZES = [192, 512] as const;
/** The design system's colours, for a tenant whose theme does not set its own. */
const DEFAULT_BACKGROUND = '#141016';
const DEFAULT_SURFACE = '#211b24';

/** The tenant's app icons (square, its brand drawn on its colours), made once and then served from the media folder. */
export async function appIcons(ctx: ModuleContext, tenant: Tenant) {
  return Promise.all(
    APP_ICON_SIZES.map(async (size) => ({
      src: await ctx.images.generate({
        key: `tenants/${tenant.id}/icon-${size}`,
        width: size,
        height: size,
        title: tenant.brand,
        seed: 7,
      }),
      sizes: `${size}x${size}`,
      type: 'image/webp',
      purpose: 'any',
    })),
  );
}

/**
 * The web app manifest of the tenant a host names: its brand, colours and icons, opening its start page in its
 * default language as a standalone app. It makes the site installable, which is when browsers offer the install
 * the shell's prompt asks about.
 */
export function appManifest(tenant: Tenant, icons: Awaited<ReturnType<typeof appIcons>>) {
  const { fallback } = listedLanguages(tenant.languages);
  return {
    id: '/',
    name: tenant.brand,
    short_name: tenant.brand,
    lang: fallback,
    start_url: `/${fallback}/`,
    scope: '/',
    display: 'standalone',
    background_color: tenant.theme['color-bg'] ?? DEFAULT_BACKGROUND,
    theme_color: tenant.theme['color-surface'] ?? DEFAULT_SURFACE,
    icons,
  };
}
