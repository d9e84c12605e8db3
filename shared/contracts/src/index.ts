export * from './endpoint';
export * from './routes';
export * from './guest';
export * from './federation';
export * from './socket';
export * from './platform';
export * from './graphql';
export * from './domains';
