import type { ActorListKind, RouteName } from '@velvet/contracts';
import { useCurrentRoute } from '@velvet/federation';
import { ChatPage } from './live/ChatPage';
import { ShowInvitations } from './live/ShowInvitations';
import { ActorListPage } from './pages/ActorListPage';
import { ActorProfilePage } from './pages/ActorProfilePage';
import { CamShowsPage } from './pages/CamShowsPage';
import { CategoriesPage } from './pages/CategoriesPage';

/** Routes of remote.json that show a performer list, with the list they show. */
const LIST_ROUTES: Partial<Record<RouteName, ActorListKind>> = {
  newGirls: 'new-girls',
  freeChat: 'free-chat',
  cams: 'cams',
  topCams: 'top-cams',
};

/** The mf-chat app: one page per route it owns, with the live show invitations over every page. */
export function ChatApp() {
  return (
    <>
      <ShowInvitations />
      <ChatRoutes />
    </>
  );
}

/** One page per route this remote owns, picked from the shell router's current route. */
function ChatRoutes() {
  const route = useCurrentRoute();
  const kind = LIST_ROUTES[route.name];
  // Keyed by the list, so paging starts over when the visitor moves to another list.
  if (kind) return <ActorListPage key={kind} kind={kind} />;
  if (route.name === 'categories') return <CategoriesPage />;
  if (route.name === 'camShows') return <CamShowsPage />;
  if (route.name === 'category') {
    const slug = route.args['categorySlug'] ?? '';
    return <ActorListPage key={`category/${slug}`} kind="category" category={slug} />;
  }
  const actorName = route.args['actorName'];
  if (route.name === 'actorChat' && actorName) return <ChatPage key={actorName} actorName={actorName} />;
  // Every other route of this remote is the profile or one of its sub-pages.
  return actorName ? <ActorProfilePage key={actorName} actorName={actorName} /> : null;
}
