import type { Language, LegalSection, LegalTextType } from '@velvet/contracts';

/** One version of a legal document in one language, as the code holds it. */
export interface LegalDocument {
  type: LegalTextType;
  language: Language;
  version: number;
  /** YYYY-MM-DD */
  validFrom: string;
  title: string;
  sections: LegalSection[];
}

/** The current version of every document: written once per language, so every language takes effect together. */
export const VERSION = { version: 1, validFrom: '2026-01-01' } as const;

/** A document of a language from its title and its sections, each written as [heading, ...paragraphs]. */
export const documentsOf = (
  language: Language,
  texts: Record<LegalTextType, { title: string; sections: [string, ...string[]][] }>,
): LegalDocument[] =>
  Object.entries(texts).map(([type, { title, sections }]) => ({
    type: type as LegalTextType,
    language,
    ...VERSION,
    title,
    sections: sections.map(([heading, ...paragraphs]) => ({ title: heading, paragraphs })),
  }));
