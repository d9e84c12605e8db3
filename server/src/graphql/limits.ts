import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { ErrorCode } from '@velvet/contracts';

/**
 * What one structured query may ask, checked before it runs. The pages' own operations stay far below every
 * limit (depth at most 5, no alias, a cost in the low hundreds: the graphql tests send each of them); a query
 * beyond one is refused with 400 and `extensions.code` GRAPHQL_LIMIT.
 */
export const GRAPHQL_LIMITS = {
  /** Tokens of the query text (the pages' longest operation has about 150). */
  maxTokens: 2000,
  /** Nesting of selections (fragments followed). */
  maxDepth: 10,
  /** Aliases in one operation: one field asked a thousand times under other names is the classic amplifier. */
  maxAliases: 10,
  /**
   * graphql-armor's cost: each field 1, each object 2, a level deeper weighs 1.5 times, and a selection with a
   * literal `first` counts that many times (lists paged through variables are bounded by the resolvers' page
   * limits instead).
   */
  maxCost: 20_000,
  /** Characters of one answer's JSON; beyond it the answer is dropped for a GRAPHQL_LIMIT error. */
  maxAnswerCharacters: 2 * 1024 * 1024,
} as const;

const LIMIT_CODE: ErrorCode = 'GRAPHQL_LIMIT';

/** A refusal in GraphQL's error shape, with the stable code the clients read from `extensions.code`. */
export const limitError = (message: string) => new GraphQLError(message, { extensions: { code: LIMIT_CODE } });

/** graphql-armor rules throw "Syntax Error: ..." by default; they report a GRAPHQL_LIMIT error instead. */
const refusal = {
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(limitError(error.message.replace(/^Syntax Error: /, ''))),
  ],
};

/**
 * The refusal of a query text longer than the token limit, or null. Checked before mercurius parses it: the
 * parser stops at the limit, so a huge document costs no more than a small one. A token is at least one
 * character, so a shorter text needs no check.
 */
export function tokenLimitError(source: string): GraphQLError | null {
  if (source.length <= GRAPHQL_LIMITS.maxTokens) return null;
  try {
    parse(source, { maxTokens: GRAPHQL_LIMITS.maxTokens });
    return null;
  } catch (error) {
    const tooLong = error instanceof GraphQLError && /tokens/.test(error.message);
    return tooLong ? limitError(`A query may hold at most ${GRAPHQL_LIMITS.maxTokens} tokens`) : null;
  }
}

/**
 * The validation rules added to graphql's own on both endpoints. Introspection (`__schema`, `__type`) is
 * refused unless `introspection`: only development needs it (tools exploring the schema); the pages send
 * their fixed operations and the schema's source is in the repository.
 */
export function limitRules(introspection: boolean): ValidationRule[] {
  const rules: ValidationRule[] = [
    maxAliasesRule({ n: GRAPHQL_LIMITS.maxAliases, ...refusal }),
    maxDepthRule({ n: GRAPHQL_LIMITS.maxDepth, flattenFragments: true, ...refusal }),
    costLimitRule({ maxCost: GRAPHQL_LIMITS.maxCost, ...refusal }),
  ] as ValidationRule[];
  return introspection ? rules : [...rules, NoSchemaIntrospectionCustomRule];
}
