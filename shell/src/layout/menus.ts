import type { i18n as I18n } from 'i18next';
import { LANGUAGES, type ManifestRemote, type MenuEntry, type RouteName, type Tenant } from '@velvet/contracts';

export interface MenuItem {
  route: RouteName;
  /** The label's key and the namespace it is in (the declaring remote's). */
  label: string;
  namespace: string;
}

export interface Menu extends MenuItem {
  key: string;
  /** The submenu; empty for a menu that is a plain link. */
  items: MenuItem[];
}

type Placed = MenuEntry & { namespace: string };

/**
 * The navbar's menus, built from the menu entries the running remotes declare: an entry with an `id` is a menu (its
 * title links to its route), entries naming it as `parent` its submenu, each sorted by `order`. An entry whose
 * feature the tenant has not switched on is left out, and so is a submenu entry whose menu no running remote
 * declares: only pages a running remote serves are linked, so nothing on screen leads nowhere.
 */
export function visibleMenus(remotes: readonly ManifestRemote[], tenant: Pick<Tenant, 'features'>): Menu[] {
  const entries: Placed[] = remotes
    .flatMap((remote) => remote.descriptor.menus.map((entry) => ({ ...entry, namespace: remote.name })))
    .filter((entry) => entry.where === 'navbar' && (!entry.feature || tenant.features[entry.feature] === true))
    .sort((a, b) => a.order - b.order);
  const item = (entry: Placed): MenuItem => ({
    route: entry.route as RouteName,
    label: entry.label,
    namespace: entry.namespace,
  });
  return entries
    .filter((entry) => entry.id !== undefined && entry.parent === undefined)
    .map((menu) => ({
      key: menu.id!,
      ...item(menu),
      items: entries.filter((entry) => entry.parent === menu.id).map(item),
    }));
}

/**
 * Puts the texts the remotes declare (menu labels) into their namespaces, in every language, before any of their
 * code loads; a remote's own bundle merges into the same namespace when it mounts.
 */
export function addDescriptorMessages(i18n: I18n, remotes: readonly ManifestRemote[]): void {
  for (const remote of remotes)
    for (const language of LANGUAGES)
      i18n.addResourceBundle(language, remote.name, remote.descriptor.messages[language], true, false);
}
