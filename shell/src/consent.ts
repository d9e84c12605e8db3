/** The cookie-consent categories: the search history is functional, everything the site needs to work necessary. */
export type ConsentCategory = 'necessary' | 'functional' | 'analytics';
export type ConsentChoice = Partial<Record<ConsentCategory, boolean>>;

let readChoice: () => ConsentChoice | null = () => null;

/** The consent banner hands in how to read the visitor's stored choice (null while she has made none). */
export function connectConsent(read: () => ConsentChoice | null): void {
  readChoice = read;
}

/**
 * Whether the visitor allows what a category covers. Necessary storage always; before she has chosen, functional
 * storage (recent searches) is allowed and analytics is not; after, what she chose.
 */
export function consentAllows(category: ConsentCategory): boolean {
  if (category === 'necessary') return true;
  const choice = readChoice();
  if (!choice) return category === 'functional';
  return choice[category] === true;
}
