import type { Tenant } from '@velvet/contracts';

/**
 * A token's name: letters, digits and dashes (`color-accent`), with or without the `--` of a custom property.
 * A value may not end its declaration, rule or <style> element, nor start a comment or an escape: the theme is the
 * tenant's data, written into the page's head as CSS text.
 */
const TOKEN_NAME = /^(?:--)?[A-Za-z0-9-]+$/;
const UNSAFE_VALUE = /[;{}<>\\\p{Cc}]|\/\*/u;

/**
 * A tenant theme as custom properties: each key names a token without its prefix (`color-accent` sets
 * `--vv-color-accent`); a key that already starts with `--` is used as it is. Entries with a name or value that
 * could break out of CSS text are left out.
 */
export function themeProperties(theme: Tenant['theme']): [name: string, value: string][] {
  return Object.entries(theme)
    .filter(([key, value]) => TOKEN_NAME.test(key) && !UNSAFE_VALUE.test(value))
    .map(([key, value]) => [key.startsWith('--') ? key : `--vv-${key}`, value.trim()]);
}

/**
 * A tenant's theme as CSS text on :root, for a <style> in the head of a server-rendered page: the first paint
 * already has the tenant's colours, where applyTheme would only set them once the shell runs.
 */
export function themeCss(theme: Tenant['theme']): string {
  return `:root{${themeProperties(theme)
    .map(([name, value]) => `${name}:${value};`)
    .join('')}}`;
}

/** Applies a tenant's theme to an element (the document's root by default): the same properties as themeCss. */
export function applyTheme(theme: Tenant['theme'], element: HTMLElement = document.documentElement): void {
  for (const [name, value] of themeProperties(theme)) element.style.setProperty(name, value);
}
