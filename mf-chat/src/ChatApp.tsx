import type { ActorListKind, RouteName } from '@velvet/contracts';
import { useCurrentRoute } from '@velvet/federation';
import { ActorListPage } from './pages/ActorListPage';
import { ActorProfilePage } from './pages/ActorProfilePage';
import { CategoriesPage } from './pages/CategoriesPage';

/** Routes of remote.json that show a performer list, with the list they show. */
const LIST_ROUTES: Partial<Record<RouteName, ActorListKind>> = {
  newGirls: 'new-girls',
  freeChat: 'free-chat',
  cams: 'cams',
  topCams: 'top-cams',
  camShows: 'cam-shows',
};

/** The mf-chat app: one page per route it owns, picked from the shell router's current route. */
export function ChatApp() {
  const route = useCurrentRoute();
  const kind = LIST_ROUTES[route.name];
  // Keyed by the list, so paging starts over when the visitor moves to another list.
  if (kind) return <ActorListPage key={kind} kind={kind} />;
  if (route.name === 'categories') return <CategoriesPage />;
  if (route.name === 'category') {
    const slug = route.args['categorySlug'] ?? '';
    return <ActorListPage key={`category/${slug}`} kind="category" category={slug} />;
  }
  const actorName = route.args['actorName'];
  // Every other route of this remote is the profile or one of its sub-pages.
  return actorName ? <ActorProfilePage key={actorName} actorName={actorName} /> : null;
}
