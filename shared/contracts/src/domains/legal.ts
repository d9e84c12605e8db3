import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { defineOperation } from '../graphql';
import { LANGUAGES, type RouteName } from '../routes';

/** The legal documents: terms of service, privacy policy, general terms and conditions, terms of use, imprint. */
export const LEGAL_TEXT_TYPES = ['TOS', 'PP', 'GTC', 'TOU', 'IMP'] as const;
export type LegalTextType = (typeof LEGAL_TEXT_TYPES)[number];

/** The shell's page of each document (the footer links them in this order). */
export const LEGAL_PAGES = {
  TOS: 'termsOfService',
  GTC: 'generalTerms',
  TOU: 'termsOfUse',
  PP: 'dataProtection',
  IMP: 'imprint',
} as const satisfies Record<LegalTextType, RouteName>;
export type LegalPageName = (typeof LEGAL_PAGES)[LegalTextType];
export const legalTypeOfPage = (page: string): LegalTextType | undefined =>
  LEGAL_TEXT_TYPES.find((type) => LEGAL_PAGES[type] === page);

export const legalSection = z.object({ title: z.string(), paragraphs: z.array(z.string()) });
export type LegalSection = z.infer<typeof legalSection>;

/** One version of one document in one language. */
export const legalText = z.object({
  id: z.number().int(),
  type: z.enum(LEGAL_TEXT_TYPES),
  language: z.enum(LANGUAGES),
  version: z.number().int(),
  title: z.string(),
  /** The day this version took effect (YYYY-MM-DD). */
  validFrom: z.string(),
  /** Whether this is the version in force (the newest one). */
  current: z.boolean(),
  sections: z.array(legalSection),
});
export type LegalText = z.infer<typeof legalText>;

/** The file of a legal text (a standalone HTML document, sent as an attachment). */
export const LEGAL_DOWNLOAD_PATH = '/asset/legal-text/download/:legalTextId';
export const legalDownloadUrl = (legalTextId: number) =>
  `/rest/v1${LEGAL_DOWNLOAD_PATH.replace(':legalTextId', String(legalTextId))}`;

export const legalEndpoints = {
  /** The version in force of one document in the language of the call (a shell page shows it). */
  text: defineEndpoint({
    method: 'GET',
    path: '/legal-text/:type',
    schemas: () => ({
      params: z.object({ type: z.enum(LEGAL_TEXT_TYPES) }),
      query: z.object({ language: z.enum(LANGUAGES).optional() }),
      response: legalText,
    }),
  }),
};

export const LEGAL_TEXTS_MAX_FIRST = 50;

/** Structured query: legal texts by type, language and whether in force, paged by first and offset. */
export const legalGraphqlSchema = /* GraphQL */ `
  type LegalSection {
    title: String!
    paragraphs: [String!]!
  }
  type LegalText {
    id: Int!
    type: String!
    language: String!
    version: Int!
    title: String!
    validFrom: String!
    current: Boolean!
    sections: [LegalSection!]!
    downloadUrl: String!
  }
  type LegalTexts {
    total: Int!
    items: [LegalText!]!
  }
  input LegalTextFilter {
    types: [String!]
    language: String
    currentOnly: Boolean
  }
  extend type Query {
    legalTexts(filter: LegalTextFilter, first: Int, offset: Int): LegalTexts!
  }
`;
export const legalTextFilter = z.object({
  types: z.array(z.enum(LEGAL_TEXT_TYPES)).max(LEGAL_TEXT_TYPES.length).optional(),
  language: z.enum(LANGUAGES).optional(),
  currentOnly: z.boolean().optional(),
});
export type LegalTextFilter = z.infer<typeof legalTextFilter>;
export type LegalTextListItem = LegalText & { downloadUrl: string };
export const legalTextsQuery = defineOperation<
  { legalTexts: { total: number; items: LegalTextListItem[] } },
  { filter?: LegalTextFilter; first?: number; offset?: number }
>(
  `query LegalTexts($filter: LegalTextFilter, $first: Int, $offset: Int) { legalTexts(filter: $filter, first: $first, offset: $offset) {
    total items { id type language version title validFrom current downloadUrl sections { title paragraphs } } } }`,
);
