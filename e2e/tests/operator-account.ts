/**
 * The operator of the end-to-end server: playwright.config.ts starts it with this OPERATOR_PASSWORD, the specs
 * (and the ops CLI they run, as VELVET_OPERATOR_PASSWORD) log in with it. A test value, never a site's.
 */
export const OPERATOR = { email: 'operator@velvet.test', password: 'e2e operator passphrase' } as const;
