import { randomBytes, timingSafeEqual } from "node:crypto";

// The production server (server/kept-pages.ts) sends the cached dashboard pages itself
// once middleware has let a request through: it asks middleware.ts for its decision in
// this process, through the function registered here. Not marked server-only and free of
// Next imports: server/ loads it outside Next's bundles, and globalThis is what both share.
//
// When the server then hands a request to Next after all (middleware rewrote or redirected
// it), middleware runs a second time for it. The page budget was already charged by the
// first run: the server says so with a header only this process can write (a random token
// on globalThis; middleware drops the header whether or not it matches).

export type MiddlewareDecision = (url: string, headers: Headers) => Promise<Response>;

export const BUDGET_PAID_HEADER = "x-guildhall-budget-paid";

const store = globalThis as typeof globalThis & { __guildhallMiddleware?: MiddlewareDecision; __guildhallBudgetPaid?: string };

export function registerMiddleware(decide: MiddlewareDecision): void {
  store.__guildhallMiddleware = decide;
}

/** middleware.ts as a function, once Next has loaded it (at its first request); else undefined. */
export function inProcessMiddleware(): MiddlewareDecision | undefined {
  return store.__guildhallMiddleware;
}

export function budgetPaidToken(): string {
  store.__guildhallBudgetPaid ??= randomBytes(24).toString("base64url");
  return store.__guildhallBudgetPaid;
}

/** True when the header carries this process's token: the request's page budget is paid. */
export function budgetAlreadyPaid(value: string | null): boolean {
  if (!value) return false;
  const expected = Buffer.from(budgetPaidToken());
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
