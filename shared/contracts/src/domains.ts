// Each domain's shapes (REST endpoints, structured-query operations and SDL) live in their own file,
// mirroring the remote and the server module of the same name.
export * from './domains/chat';
export * from './domains/media';
export * from './domains/tv';
export * from './domains/feed';
export * from './domains/specials';
export * from './domains/games';
export * from './domains/codes';
export * from './domains/events';
export * from './domains/messenger';
export * from './domains/account';
export * from './domains/wallet';
export * from './domains/push';
export * from './domains/legal';
export * from './domains/mail';
export * from './domains/lifecycle';
export * from './domains/avs';
export * from './domains/subscriptions';
export * from './domains/search';
export * from './domains/survey';
export * from './domains/conversion';
export * from './domains/seo';
