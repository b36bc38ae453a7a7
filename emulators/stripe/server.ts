import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { readBody, redirect, sendHtml, sendJson } from "../platform/http";
import { errorBody, handleV1, StripeFakeError, type ApiContext } from "./api";
import { completeCheckout } from "./checkout";
import { advancePeriod } from "./invoices";
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, TEST_CARD } from "./credentials";
import { parseStripeForm } from "./form";
import { checkoutPage, closedPage, portalPage } from "./pages";
import { StripeFakeState } from "./state";
import { postTo, redeliver, type Deliver } from "./webhooks";

// A local stand-in for Stripe: the /v1 API (Bearer secret key, form-encoded bodies,
// Idempotency-Key), the hosted checkout page (/c/pay/{session}) and the billing portal page
// (/p/session/{id}). One instance per call, sharing nothing; tests start it on port 0.

export type StripeFakeOptions = {
  port?: number;
  host?: string;
  secretKey?: string;
  webhookSecret?: string;
  /** Where events go: the app's /api/webhooks/stripe URL, or a function (tests call the route handler). */
  webhook?: string | Deliver;
};

export type StripeFake = {
  url: string;
  state: StripeFakeState;
  /** Stripe's outage: every /v1 call answers 500 while true. */
  setDown(down: boolean): void;
  /** Sends again every event the app did not accept. */
  redeliver(): Promise<void>;
  /** Ends a subscription's current period now: it renews (invoice paid) or, set to cancel at period end, is canceled. */
  advancePeriod(subscriptionId: string): Promise<void>;
  close(): Promise<void>;
};

export async function startStripeFake(options: StripeFakeOptions = {}): Promise<StripeFake> {
  const state = new StripeFakeState();
  const secretKey = options.secretKey ?? FAKE_SECRET_KEY;
  const webhook = options.webhook ?? (async () => 0);
  const target = { secret: options.webhookSecret ?? FAKE_WEBHOOK_SECRET, deliver: typeof webhook === "string" ? postTo(webhook) : webhook };
  const ctx: ApiContext = { state, target, base: "", account: null };
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    route(ctx, secretKey, req, res).catch((error: unknown) => {
      if (error instanceof StripeFakeError) return sendJson(res, error.status, errorBody(error));
      sendJson(res, 500, { error: { type: "api_error", message: String(error) } });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 12111, options.host ?? "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  ctx.base = `http://${options.host ?? "127.0.0.1"}:${address.port}`;
  return {
    url: ctx.base,
    state,
    setDown: (down) => void (state.down = down),
    redeliver: () => redeliver(state, target),
    advancePeriod: async (subscriptionId) => {
      const sub = state.subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      await advancePeriod(state, target, sub);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function route(ctx: ApiContext, secretKey: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? "GET").toUpperCase();
  const url = new URL(req.url ?? "/", "http://stripe.invalid");
  const body = method === "GET" || method === "DELETE" ? url.search.slice(1) : await readBody(req);
  if (url.pathname.startsWith("/v1/")) {
    if (req.headers.authorization !== `Bearer ${secretKey}`) throw new StripeFakeError(401, "Invalid API Key provided.", undefined, "api_key_invalid");
    if (ctx.state.down) throw new StripeFakeError(500, "An unknown error occurred (the fake is set to be down).", undefined, "api_error");
    const key = req.headers["idempotency-key"];
    const remembered = typeof key === "string" ? ctx.state.idempotent.get(`${method} ${url.pathname} ${key}`) : undefined;
    if (remembered) return sendJson(res, remembered.status, remembered.body, { "Idempotent-Replayed": "true" });
    const account = req.headers["stripe-account"];
    if (typeof account === "string" && !ctx.state.accounts.has(account)) throw new StripeFakeError(403, `The provided key does not have access to account '${account}' (or that account does not exist).`, undefined, "account_invalid");
    const answer = await handleV1({ ...ctx, account: typeof account === "string" ? account : null }, method, url.pathname, parseStripeForm(body));
    if (typeof key === "string" && method === "POST") ctx.state.idempotent.set(`${method} ${url.pathname} ${key}`, answer);
    return sendJson(res, answer.status, answer.body, { "Request-Id": `req_${Date.now()}` });
  }
  const checkout = /^\/c\/pay\/([\w-]+)$/.exec(url.pathname);
  if (checkout) {
    const session = ctx.state.sessions.get(checkout[1]!);
    if (!session) return sendHtml(res, 404, closedPage());
    if (session.status !== "open") return sendHtml(res, 410, closedPage());
    if (method === "GET") return sendHtml(res, 200, checkoutPage(session));
    const form = new URLSearchParams(body);
    if ((form.get("card_number") ?? "").replace(/[\s-]/g, "") !== TEST_CARD) {
      return sendHtml(res, 402, checkoutPage(session, "Your card was declined. In test mode only the card 4242 4242 4242 4242 is accepted."));
    }
    await completeCheckout(ctx.state, ctx.target, ctx.base, session, form.get("cardholder_name") || null);
    return redirect(res, session.successUrl.replace("{CHECKOUT_SESSION_ID}", session.id));
  }
  const portal = /^\/p\/session\/([\w-]+)$/.exec(url.pathname);
  const portalSession = portal ? ctx.state.portalSessions.get(portal[1]!) : undefined;
  if (portalSession && method === "GET") return sendHtml(res, 200, portalPage(ctx.state, portalSession.customer, portalSession.returnUrl));
  throw new StripeFakeError(404, `Unrecognized request URL (${method}: ${url.pathname}).`, undefined, "resource_missing");
}
