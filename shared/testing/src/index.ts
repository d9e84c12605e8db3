export {
  createMockPlatform,
  guestFixture,
  routeHref,
  restFixture,
  breadcrumbFixture,
  restCallsTo,
  type MockPlatform,
  type MockPlatformOptions,
  type GuestOverrides,
  type RestHandler,
  type GraphqlHandler,
  type RecordedRestCall,
  type RenderedSlot,
} from './mockPlatform';
export { loaderOf, renderWithPlatform, type RenderWithPlatformOptions } from './render';
export { hydrateOverServer, type Hydrated } from './hydrate';
export { expectClosableInPageIncentive, inPageIncentiveFixture, inPageIncentiveTitle } from './incentives';
