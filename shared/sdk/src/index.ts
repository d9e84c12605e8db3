export { ApiError, createRestClient, fillPath, type RestCall, type RestClientOptions } from './rest';
export {
  createFeedClient,
  createQueryClient,
  preloadGraphqlClient,
  type GraphqlCall,
  type GraphqlClientOptions,
} from './graphql';
export {
  createSocketClient,
  type SocketClient,
  type SocketClientOptions,
  type SocketConstructor,
  type SocketSession,
} from './socket';
/** Currency display lives in the contracts, so the server formats with the very same function. */
export { CURRENCIES, formatCurrency, isCurrency, type Currency } from '@velvet/contracts';
