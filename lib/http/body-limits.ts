// How many request body bytes the server takes, in one place: next.config.ts reads
// PROXY_BODY_COPY_BYTES, so no imports here (the config is loaded before the app).
//
// What Next.js 16.4.6 does with a body when middleware.ts matches the path (it matches /api):
// - It copies the body for the middleware as it arrives (server/body-streams.js,
//   getCloneableBody) and keeps a second copy to hand to the route afterwards, each up
//   to `experimental.proxyClientMaxBodySize` (default 10 MB).
// - Past that size both copies just end: the route gets the first ~10 MB with no error
//   (Content-Length still says the real size) and Next logs "Request body exceeded 10MB".
// - Before anything answers, even a response from the middleware, Next waits for the
//   upload to end, reading and dropping what is past the limit: memory stays bounded,
//   the socket stays usable for the next keep-alive request.
// So a route must never accept more than that copy holds, or it would parse a cut body
// (a multipart form "could not be read", JSON "not valid") instead of answering 413.
// Every route limit (MAX_JSON_BODY_BYTES here, MAX_FORM_BYTES in lib/images/form.ts) is
// under PROXY_BODY_COPY_BYTES by more than a socket read (64 KB), so a body cut by Next
// still counts past the route's limit (test/integration/body-limits.test.ts checks it).

/** JSON bodies (settings, items, imports, login). */
export const MAX_JSON_BODY_BYTES = 1_000_000;

/** What Next keeps of a body for middleware and route: set in next.config.ts, above every route limit. */
export const PROXY_BODY_COPY_BYTES = 10 * 1024 * 1024;
