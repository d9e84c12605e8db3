import { DECLARED_ROUTES, type Language, type RouteName } from '@velvet/contracts';

/**
 * The site path of a route without arguments in a language, as the browser's router writes it (`/<lang>/<slugs>/`),
 * for links the server hands out (the status bar's actions); a language without its own slugs uses the English.
 */
export function routePath(name: RouteName, language: Language): string {
  const route = DECLARED_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  const slugs = (route.path as Partial<Record<Language, string>>)[language] ?? route.path.en;
  return `/${language}/${slugs}/`;
}
