export {
  defineRemoteApp,
  defineWidgets,
  type Lifecycles,
  type MountProps,
  type RemoteLifecycles,
  type ServerRenderProps,
  SERVER_RENDERED,
  type RemoteLocales,
  type LocaleLoader,
} from './defineRemoteApp';
export { PlatformContext, usePlatform } from './context';
export { RemoteProviders } from './providers';
export { scopePlatform } from './scope';
export {
  useBrowserStore,
  useBrowserValue,
  useConsent,
  useConsentOf,
  useCurrentRoute,
  useGuest,
  useGuestKey,
  useLanguage,
  useLoggedIn,
  useNow,
  useSession,
  useTimeZone,
} from './hooks';
export {
  LoadState,
  ServerLoadsContext,
  createQueryClient,
  dehydrateLoads,
  distinctById,
  hydrateLoads,
  useLoaded,
  useLoadedPages,
  usePagerLabels,
  usePlayerText,
  type Loaded,
  type LoadedControls,
  type LoadedPages,
  type ServerLoads,
} from './data';
export { concurrentRoots } from './concurrentRoots';
export { deliveryPlugin, type DeliveryPluginOptions, type RemoteLoadFailure } from './deliveryPlugin';
export { routeLink, useRouteLink, RouteLink, RouteButton } from './routeLink';
export { PageBreadcrumbs } from './breadcrumbs';
export { IncentiveOffer, InPageIncentive, useRegionIncentives } from './incentives';
export {
  createSlotHost,
  SlotPropsError,
  type LoadWidgets,
  type MountParcel,
  type MountedParcel,
  type SlotHostOptions,
} from './slots';
export { SlotHost } from './SlotHost';
