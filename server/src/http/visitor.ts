/** The cookie the browser's shell keeps its visitor id in (pages, and the socket's upgrade request, carry it). */
export const VISITOR_COOKIE = 'velvet.visitor';

const visitorCookie = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE.replace('.', '\\.')}=([\\w-]{1,64})(?:;|$)`);
/** The visitor id of a request's Cookie header, if it carries one. */
export const visitorOf = (request: { headers: { cookie?: string | undefined } }) =>
  visitorCookie.exec(request.headers.cookie ?? '')?.[1];
