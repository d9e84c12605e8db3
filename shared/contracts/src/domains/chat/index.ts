// mf-chat's domain: performers (lists, profile, online state), actor search, live chats and their billing,
// ticket and cam shows, top cams.
export * from './actors';
export * from './search';
export * from './session';
export * from './tickets';
