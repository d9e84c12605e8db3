import { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  SEARCH_QUERY_TYPES,
  TAGS_MAX_FIRST,
  searchGraphqlSchema,
  searchPattern,
  searchQueryArgs,
  type SearchItem,
} from '@velvet/contracts';
import { HttpError } from '../../http/endpoint';
import { ageGate } from '../auth/age';
import type { Auth, GraphqlContribution, ModuleContext } from '../module';
import { popularTags, proposals, searchOfType, storeSearchPattern, suggestTags } from './service';

interface ResolverContext {
  auth: Auth | null;
  ctx: ModuleContext;
}

function parse<T extends z.ZodType>(schema: T, args: unknown): z.infer<T> {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new HttpError(400, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'bad input');
  return parsed.data;
}

/** A link's arguments as a list: the structured query has no map type. */
const onWire = (item: SearchItem) => ({
  ...item,
  route: { name: item.route.name, args: Object.entries(item.route.args).map(([name, value]) => ({ name, value })) },
});

const DEFAULT_TAGS = 10;
const tagsArgs = z.object({ first: z.number().int().min(1).max(TAGS_MAX_FIRST).nullish() });
const suggestArgs = tagsArgs.extend({ pattern: searchPattern });
const globalArgs = z.object({ pattern: searchPattern, language: z.enum(LANGUAGES).nullish() });

/** One resolver per kind of search, each a page of that kind by first and offset. */
const typedSearches = Object.fromEntries(
  Object.entries(SEARCH_QUERY_TYPES).map(([field, type]) => [
    field,
    async (_root: unknown, args: unknown, { auth, ctx }: ResolverContext) => {
      const { pattern, language, first, offset } = parse(searchQueryArgs, args);
      const section = await searchOfType(ctx.db, await ageGate(ctx, auth), type, {
        pattern,
        language: language ?? DEFAULT_LANGUAGE,
        sort: 'relevance',
        order: 'desc',
        from: offset ?? 0,
        ...(first ? { take: first } : {}),
        withTotal: true,
      });
      return { total: section.total ?? 0, items: section.items.map(onWire) };
    },
  ]),
);

export const searchGraphql: GraphqlContribution = {
  schema: searchGraphqlSchema,
  resolvers: {
    Query: {
      globalSearch: async (_root: unknown, args: unknown, { auth, ctx }: ResolverContext) => {
        const { pattern, language } = parse(globalArgs, args);
        const sections = await proposals(ctx.db, await ageGate(ctx, auth), pattern, language ?? DEFAULT_LANGUAGE);
        return sections.map((section) => ({ ...section, items: section.items.map(onWire) }));
      },
      ...typedSearches,
      suggestTags: async (_root: unknown, args: unknown, { ctx }: ResolverContext) => {
        const { pattern, first } = parse(suggestArgs, args);
        return suggestTags(ctx.db, pattern, first ?? DEFAULT_TAGS);
      },
      popularTags: async (_root: unknown, args: unknown, { ctx }: ResolverContext) =>
        popularTags(ctx.db, parse(tagsArgs, args).first ?? DEFAULT_TAGS),
    },
    Mutation: {
      storeSearchPattern: async (_root: unknown, args: unknown, { ctx }: ResolverContext) => {
        const { pattern, language } = parse(globalArgs, args);
        await storeSearchPattern(ctx.db, language ?? DEFAULT_LANGUAGE, pattern, ctx.now());
        return true;
      },
    },
  },
  // Tags are the same for everyone.
  visitorSharedQueries: ['suggestTags', 'popularTags'],
};
