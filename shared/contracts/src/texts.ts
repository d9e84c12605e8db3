import { z } from 'zod';
import type { Language } from './routes';

/**
 * A guest-facing text written in every language of the site. A language added to the site fails the type check
 * here, so that no such text goes without it.
 */
export const textInEveryLanguage = z.object({
  de: z.string(),
  en: z.string(),
  nl: z.string(),
  es: z.string(),
}) satisfies z.ZodType<Record<Language, string>>;
export type TextInEveryLanguage = z.infer<typeof textInEveryLanguage>;
