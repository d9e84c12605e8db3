import type { FederationManifest, ManifestRemote, ServerRenderStage } from './federation';
import type { Language } from './routes';
import type { SlotName } from './slots';
import type { SeoText } from './domains/seo';

/**
 * The shell's server renderer as the server calls it (shell/src/server.tsx, built to shell/dist/server/render.cjs):
 * one definition for both sides of that boundary.
 */
export interface ShellRenderer {
  renderPage(request: PageRequest): Promise<RenderedPage>;
  /**
   * Loads the node builds of a manifest's remotes ahead of the first page, so the first render of each is not spent
   * loading code. Answers the remotes that failed to load.
   */
  preloadRemotes(
    manifest: FederationManifest,
    serverEntry: (remote: ManifestRemote) => string,
  ): Promise<{ remote: ManifestRemote; error: string }[]>;
}

export interface PageRequest {
  /** The tenant's manifest with the versions this page is rendered with. */
  manifest: FederationManifest;
  /** The page's path (and query). */
  url: string;
  /** The file of a remote version's node build entry (`server/remoteEntry.js` in its version folder). */
  serverEntry: (remote: ManifestRemote) => string;
  /** Reaches the server's own REST and GraphQL routes, as the page's visitor (its host and address). */
  fetch: typeof fetch;
  /** An anonymous visitor's token, which the calls carry as a first visit's browser does. */
  token: string;
  /** How long the remotes' parts may take, their data included, before they are left to the browser. */
  budgetMs: number;
  /** The answers of the parts' loads, shared by every render for the visitors' cache time. */
  shared: SharedLoads;
  /** The SEO text of a route in a language with the tenant's brand (null where it has none), held by the server. */
  seoText?: (tag: string, language: Language) => SeoText | null;
}

/**
 * Loads' answers shared between renders: what an anonymous visitor sees is the same for all, so each answer is
 * loaded once per `VISITOR_CACHE_MS` for every page that asks meanwhile.
 */
export interface SharedLoads {
  /** The answer of `key`: one kept, one being loaded, else `load`'s (kept unless it fails). */
  load(key: string, load: () => Promise<unknown>): Promise<unknown>;
  /** The answer of `key` if one is kept, loaded and still fresh. */
  kept(key: string): { value: unknown } | undefined;
}

/** Why a remote's part was left to the browser: no node build, it threw, or it took longer than the budget. */
export type ServerStage = Exclude<ServerRenderStage, 'incompatible'>;

/** How a remote's part of the page (the owner's, or a widget's) fared on the server. */
export type PartOutcome =
  | { remote: ManifestRemote; place: 'outlet' | SlotName; outcome: 'server' }
  | {
      remote: ManifestRemote;
      place: 'outlet' | SlotName;
      outcome: 'client';
      stage: ServerStage;
      error: string;
      /** Left to the browser while its node build loaded for the first time: no fault of the build. */
      warming: boolean;
    };

/** A rendered page; its state is what the browser's shell reads back (the shell's `ServerPageState`). */
export interface RenderedPage<State = unknown> {
  language: Language;
  /** The content of the page's root element. */
  html: string;
  /**
   * For the head: the tenant's theme and the rendered remotes' style sheets, so the first paint is styled before any
   * script runs.
   */
  styles: string[];
  state: State;
  /** Every remote part the page has, and how it fared. */
  parts: PartOutcome[];
}
