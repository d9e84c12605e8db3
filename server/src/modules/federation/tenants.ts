import { LANGUAGES } from '@velvet/contracts';
import type { tenants } from './schema';

export const DEFAULT_TENANT = 'velvet';
export const WHITE_LABEL_TENANT = 'amora';

/**
 * The main tenant: every feature on, the design system's own palette. Every text colour meets WCAG AA
 * contrast (4.5:1) on the colours it is drawn on: white on the accent and its hover shade, the lighter accent
 * shade for text on the dark surfaces.
 */
export const velvetTenant = (logoUrl: string): typeof tenants.$inferInsert => ({
  id: DEFAULT_TENANT,
  brand: 'Velvet',
  logoUrl,
  hosts: ['localhost', '127.0.0.1'],
  languages: [...LANGUAGES],
  theme: {
    'color-bg': '#141016',
    'color-surface': '#211b24',
    'color-text': '#f5eef7',
    'color-accent': '#d6336c',
    'color-accent-hover': '#c92a62',
    'color-accent-text': '#f06292',
  },
  features: { chat: true, messenger: true, media: true, tv: true, feed: true, specials: true, account: true },
  // The footer's links: social profiles, help centre (de, es or en; `{language}` is filled in by the shell),
  // report-content article, model recruitment (de or en) and the partner programme.
  footerLinks: [
    { key: 'socialInstagram', href: 'https://www.instagram.com/velvet.example' },
    { key: 'socialX', href: 'https://x.com/velvet_example' },
    { key: 'helpCenter', href: 'https://help.velvet.example/{language}/' },
    { key: 'reportContent', href: 'https://help.velvet.example/{language}/articles/report-content' },
    { key: 'modelRecruitment', href: 'https://models.velvet.example/{language}/' },
    { key: 'partnerProgram', href: 'https://partners.velvet.example/' },
  ],
});

/**
 * The white-label variant (with its own model-recruitment site): Spanish first, its own brand and palette,
 * and no specials (contests, daily bonus, clash of cams). Its bright accent carries dark text (white on it would
 * miss WCAG AA contrast) and is light enough for text on its dark surfaces.
 */
export const amoraTenant = (logoUrl: string): typeof tenants.$inferInsert => ({
  id: WHITE_LABEL_TENANT,
  brand: 'Amora',
  logoUrl,
  hosts: ['amora.localhost'],
  languages: ['es', 'en'],
  theme: {
    'color-bg': '#0f1419',
    'color-surface': '#1a2430',
    'color-text': '#eef4f8',
    'color-accent': '#f08a24',
    'color-accent-hover': '#ff9f43',
    'color-accent-text': '#f08a24',
    'color-on-accent': '#0f1419',
  },
  features: { chat: true, messenger: true, media: true, tv: true, feed: true, specials: false, account: true },
  footerLinks: [
    { key: 'socialInstagram', href: 'https://www.instagram.com/amora.example' },
    { key: 'helpCenter', href: 'https://help.velvet.example/{language}/' },
    { key: 'reportContent', href: 'https://help.velvet.example/{language}/articles/report-content' },
    { key: 'modelRecruitment', href: 'https://modelos.amora.example/{language}/' },
    { key: 'partnerProgram', href: 'https://partners.velvet.example/' },
  ],
});
