import type { DehydratedState } from '@tanstack/react-query';
import type { Language, LegalText, RemoteName, SeoText, SlotName } from '@velvet/contracts';

/** A part of a page a remote's node build rendered: which build, and the answers it rendered with. */
export interface ServerPart {
  remote: RemoteName;
  version: string;
  queries: DehydratedState;
}

/** The SEO text the server looked up for a page's route in its language: null where the route has none. */
export interface ServedSeoText {
  tag: string;
  language: Language;
  text: SeoText | null;
}

/**
 * What the server rendered a page with: for which tenant and remote versions (`name@version` of each remote it ran),
 * the owner remote's part and the slots it filled.
 */
export interface ServerPageState {
  tenant: string;
  remotes: string[];
  outlet: ServerPart | null;
  slots: Partial<Record<SlotName, ServerPart>>;
  /** The legal text of a legal page (the shell's own data). */
  legal?: LegalText | null;
  /** The SEO text of the page's route (the shell's own data), so the hydration asks for nothing. */
  seoText?: ServedSeoText;
}

/** How a page's remote set is named in its state: the layout (menus, links) depends on exactly these. */
export const remoteSet = (remotes: readonly { name: string; version: string }[]) =>
  remotes.map((remote) => `${remote.name}@${remote.version}`);

/** The element the server rendered the page's layout into and the state it left beside it, if it did. */
export function serverRendered(document: Document): { root: HTMLElement; state: ServerPageState | null } | null {
  const root = document.getElementById('root');
  if (!root?.hasAttribute('data-ssr')) return null;
  const script = document.getElementById('vv-ssr');
  try {
    return { root, state: script?.textContent ? (JSON.parse(script.textContent) as ServerPageState) : null };
  } catch {
    return { root, state: null };
  }
}

/**
 * Hands each rendered part's answers to the first mount of that part by the same remote version, and to no later
 * one (a later mount renders afresh).
 */
export function serverParts(state: ServerPageState | null) {
  const left = new Map<string, ServerPart>();
  if (state?.outlet) left.set('outlet', state.outlet);
  for (const [slot, part] of Object.entries(state?.slots ?? {})) if (part) left.set(slot, part);
  return {
    /** The slots the server filled (their blocks hold its HTML until the widget hydrates it). */
    slots: new Set(Object.keys(state?.slots ?? {}) as SlotName[]),
    take(place: 'outlet' | SlotName, remote: { name: string; version: string }): DehydratedState | undefined {
      const part = left.get(place);
      if (part?.remote !== remote.name || part.version !== remote.version) return undefined;
      left.delete(place);
      return part.queries;
    },
  };
}
export type ServerParts = ReturnType<typeof serverParts>;
