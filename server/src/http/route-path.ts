import { DECLARED_ROUTES, type Language, type RouteName } from '@velvet/contracts';

/**
 * The site path of a route in a language, as the browser's router writes it (`/<lang>/<slugs>/`), for links the
 * server hands out (the status bar's actions, TV hosts); `args` fill its `:parameters`. A language without its own
 * slugs uses the English.
 */
export function routePath(name: RouteName, language: Language, args: Record<string, string | number> = {}): string {
  const route = DECLARED_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  const slugs = (route.path as Partial<Record<Language, string>>)[language] ?? route.path.en;
  const filled = slugs.replace(/:([A-Za-z]+)/g, (_, arg: string) => {
    if (args[arg] === undefined) throw new Error(`Route ${name} needs ${arg}`);
    return encodeURIComponent(String(args[arg]));
  });
  return `/${language}/${filled}/`;
}
