// The production server sends a kept copy of a cached dashboard page itself once middleware
// has let the request through (server/kept-pages.ts): it asks middleware.ts for its decision
// in this process, through the function middleware registers here when Next loads it. The
// server does not import middleware.ts itself: that would be a second copy of every module it
// uses (sessions, token refreshes, the platform cache) beside the one Next runs. Not marked
// server-only and free of Next imports: server/ loads it outside Next's bundles, and
// globalThis is what both share.

export type MiddlewareDecision = (url: string, headers: Headers) => Promise<Response>;

const DECIDE = Symbol.for("guildhall.middleware");
const store = globalThis as typeof globalThis & { [DECIDE]?: MiddlewareDecision };

export function registerMiddleware(decide: MiddlewareDecision): void {
  store[DECIDE] = decide;
}

/** middleware.ts as a function, once Next has loaded it (at its first request); else undefined. */
export function inProcessMiddleware(): MiddlewareDecision | undefined {
  return store[DECIDE];
}
