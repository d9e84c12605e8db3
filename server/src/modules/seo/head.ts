import type { Language, RouteDefinition } from '@velvet/contracts';
import { alternatesOf, pagePath } from './pages';
import { trailLinks, type PageMeta } from './pages-meta';
import { requiredText } from './texts';
import { scriptJson } from '../../http/script-json';

/** Text for an HTML element or a quoted attribute value. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** ISO 8601 duration of a number of seconds, e.g. PT1H2M5S. */
export function isoDuration(seconds: number): string {
  const [hours, minutes, rest] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest || (!hours && !minutes) ? `${rest}S` : ''}`;
}

const OG_LOCALES: Record<Language, string> = { de: 'de_DE', en: 'en_US', nl: 'nl_NL', es: 'es_ES' };

/** Where a page is: the site's origin, its route and arguments, its language and those the tenant lists. */
export interface PagePlace {
  origin: string;
  route: RouteDefinition;
  args: Readonly<Record<string, string>>;
  language: Language;
  listed: { languages: readonly Language[]; fallback: Language };
}

/** A page's head tags as shell-html pastes them, <title> first. */
export type RenderedHead = string;

/**
 * The head of a page a crawler reads without running scripts: title, description, canonical URL (on the tenant's
 * host, no query), hreflang alternates as in the sitemap, Open Graph, and JSON-LD (BreadcrumbList; VideoObject
 * on a video page). Picture URLs stored as site paths are made absolute on the origin.
 */
export function renderHead(meta: PageMeta, place: PagePlace): RenderedHead {
  const { origin, route, args, language, listed } = place;
  const absolute = (url: string) => new URL(url, origin).href;
  const canonical = origin + pagePath(route, language, args);
  const meta_ = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const image = meta.image ? absolute(meta.image) : null;
  const structured: unknown[] = [];
  if (meta.trail.length > 1)
    structured.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: trailLinks(meta.trail, language, args).map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: origin + crumb.path,
      })),
    });
  if (meta.video)
    structured.push({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: meta.video.name,
      description: meta.video.description,
      thumbnailUrl: absolute(meta.video.thumbnailUrl),
      uploadDate: meta.video.uploadDate,
      duration: isoDuration(meta.video.duration),
      ...(meta.video.contentUrl ? { contentUrl: absolute(meta.video.contentUrl) } : {}),
    });
  const fixed = [
    `<title>${escapeHtml(meta.title)}</title>`,
    meta_('name', 'description', meta.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...alternatesOf(route, args, origin, listed).map(
      ({ lang, url }) => `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(url)}" />`,
    ),
    meta_('property', 'og:title', meta.title),
    meta_('property', 'og:description', meta.description),
    meta_('property', 'og:url', canonical),
    meta_('property', 'og:type', meta.type),
    meta_('property', 'og:locale', OG_LOCALES[language]),
    ...(image ? [meta_('property', 'og:image', image)] : []),
  ].join('');
  // A data block is not run, so the policy (scripts from the site's own files only) does not apply to it.
  return fixed + structured.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`).join('');
}

/** The head of a page whose performer, video, ... does not exist: named so, and kept out of search indexes. */
export function notFoundHead(language: Language, brand: string): RenderedHead {
  const title = requiredText(language, 'titleWithBrand', { page: requiredText(language, 'notFound'), brand });
  return `<title>${escapeHtml(title)}</title><meta name="robots" content="noindex" />`;
}
