import { de } from './de';
import { en } from './en';
import { es } from './es';
import { nl } from './nl';
import type { LegalDocument } from './document';

export type { LegalDocument };
/** Every legal document of the site in de, en, nl and es. */
export const LEGAL_DOCUMENTS: readonly LegalDocument[] = [...de, ...en, ...nl, ...es];
