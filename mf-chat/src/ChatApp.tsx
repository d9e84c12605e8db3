import type { ActorListKind, RouteName } from '@velvet/contracts';
import { InPageIncentive, useCurrentRoute } from '@velvet/federation';
import { ChatPage } from './live/ChatPage';
import { ShowInvitations } from './live/ShowInvitations';
import { ActorListPage } from './pages/ActorListPage';
import { ActorProfilePage } from './pages/ActorProfilePage';
import { useLiveOnlineState } from './online';
import { CamShowsPage } from './pages/CamShowsPage';
import { CamsPage } from './pages/CamsPage';
import { CategoriesPage } from './pages/CategoriesPage';
import { TopCamsPage } from './pages/TopCamsPage';

/** Routes of remote.json that show a performer list, with the list they show. */
const LIST_ROUTES: Partial<Record<RouteName, ActorListKind>> = {
  newGirls: 'new-girls',
  freeChat: 'free-chat',
};

/**
 * The mf-chat app: one page per route it owns, with the live show invitations over every page and the inPage
 * incentives the operator defined for the page's route above each.
 */
export function ChatApp() {
  // Online pushes edit every cached list and profile of this remote, whichever page is open.
  useLiveOnlineState();
  return (
    <>
      <ShowInvitations />
      <InPageIncentive />
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
  if (route.name === 'cams') return <CamsPage />;
  if (route.name === 'topCams') return <TopCamsPage />;
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
