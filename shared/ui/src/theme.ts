import type { Tenant } from '@velvet/contracts';

/**
 * Applies a tenant's theme: each key names a token without its prefix (`color-accent` sets
 * `--vv-color-accent`); a key that already starts with `--` is used as it is.
 */
export function applyTheme(theme: Tenant['theme'], element: HTMLElement = document.documentElement): void {
  for (const [key, value] of Object.entries(theme)) {
    element.style.setProperty(key.startsWith('--') ? key : `--vv-${key}`, value);
  }
}
