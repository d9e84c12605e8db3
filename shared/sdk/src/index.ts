export { ApiError, createRestClient, fillPath, type RestCall, type RestClientOptions } from './rest';
export { createFeedClient, createQueryClient, type GraphqlCall, type GraphqlClientOptions } from './graphql';
export {
  createSocketClient,
  type SocketClient,
  type SocketClientOptions,
  type SocketConstructor,
  type SocketSession,
} from './socket';
export { CURRENCIES, formatCurrency, isCurrency, type Currency } from './currency';
