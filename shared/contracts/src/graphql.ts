/**
 * A structured-query operation: its document and, as phantom types, its result and variables.
 * Operations are defined next to their domain's shapes; the server's SDL lives beside them too.
 */
export interface GraphqlOperation<R, V extends Record<string, unknown> = Record<string, never>> {
  document: string;
  /** Answers only a logged-in guest: a client refuses it without sending for anyone else, as the server would. */
  needsGuest?: boolean;
  /** Phantom members: never set, they only carry the types. */
  readonly __result?: R;
  readonly __variables?: V;
}
export const defineOperation = <R, V extends Record<string, unknown> = Record<string, never>>(
  document: string,
  options: { needsGuest?: boolean } = {},
): GraphqlOperation<R, V> => (options.needsGuest ? { document, needsGuest: true } : { document });

export const MISSING_TOKEN_MESSAGE = 'Missing Vxql-Token';
