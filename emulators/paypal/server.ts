import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { readBody, redirect, send, sendEmpty, sendHtml, sendJson } from "../platform/http";
import { approve, errorBody, failPayment, handleV1, PaypalFakeError, type ApiContext } from "./api";
import { FAKE_BUYER, FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FAKE_PLANS, FAKE_WEBHOOK_ID, type FakePlan } from "./credentials";
import { addMonths } from "./objects";
import { approvedReturn, approvePage, autopayPage, closedPage } from "./pages";
import { paypalId, PaypalFakeState, type FakeSubscription } from "./state";
import { postTo, redeliver, type Deliver } from "./webhooks";

// A local stand-in for PayPal's REST API and the buyer's pages: OAuth2 client credentials
// (/v1/oauth2/token, HTTP basic auth), Subscriptions v1 with PayPal-Request-Id idempotency,
// verify-webhook-signature, the approve page (/webapps/billing/subscriptions?ba_token=…) and the
// autopay page. One instance per call, sharing nothing; tests start it on port 0.

export type PaypalFakeOptions = {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  /** Where events go: the app's /api/webhooks/paypal URL, or a function (tests call the route handler). */
  webhook?: string | Deliver;
};

export type PaypalFake = {
  url: string;
  state: PaypalFakeState;
  /** PayPal's outage: every /v1 call answers 503 while true. */
  setDown(down: boolean): void;
  /** The sandbox buyer clicks "Agree & Subscribe" for the subscription behind an approve link. */
  approve(approveUrl: string): Promise<string>;
  /** Tests: a subscription already approved and paid for `customId`, made without events. */
  seed(customId: string, plan?: FakePlan): FakeSubscription;
  /** A renewal payment fails (BILLING.SUBSCRIPTION.PAYMENT.FAILED). */
  failPayment(subscriptionId: string): Promise<void>;
  /** Sends again every event the app did not accept. */
  redeliver(): Promise<void>;
  close(): Promise<void>;
};

const TOKEN_SECONDS = 32_400;
const CERT_PATH = "/v1/notifications/certs/CERT-360caa42-fca2a594-fake";

export async function startPaypalFake(options: PaypalFakeOptions = {}): Promise<PaypalFake> {
  const state = new PaypalFakeState();
  const webhook = options.webhook ?? (async () => 0);
  const ctx: ApiContext = {
    state,
    base: "",
    webhookId: options.webhookId ?? FAKE_WEBHOOK_ID,
    target: { webhookId: options.webhookId ?? FAKE_WEBHOOK_ID, certUrl: () => `${ctx.base}${CERT_PATH}`, deliver: typeof webhook === "string" ? postTo(webhook) : webhook },
  };
  const basic = `Basic ${Buffer.from(`${options.clientId ?? FAKE_CLIENT_ID}:${options.clientSecret ?? FAKE_CLIENT_SECRET}`).toString("base64")}`;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    route(ctx, basic, req, res).catch((error: unknown) => {
      if (error instanceof PaypalFakeError) return sendJson(res, error.status, errorBody(error));
      sendJson(res, 500, { name: "INTERNAL_SERVER_ERROR", message: String(error) });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 3102, options.host ?? "127.0.0.1", resolve));
  ctx.base = `http://${options.host ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;
  const subscriptionOf = (id: string) => {
    const sub = state.subscriptions.get(id);
    if (!sub) throw new Error(`no PayPal subscription ${id}`);
    return sub;
  };
  return {
    url: ctx.base,
    state,
    setDown: (down) => void (state.down = down),
    async approve(approveUrl) {
      const sub = state.byBaToken(new URL(approveUrl).searchParams.get("ba_token") ?? "");
      if (!sub || sub.status !== "APPROVAL_PENDING") throw new Error(`no pending PayPal subscription at ${approveUrl}`);
      await approve(ctx, sub);
      return approvedReturn(sub);
    },
    seed(customId, plan = FAKE_PLANS[0]!) {
      const now = state.now();
      const at = now.toISOString();
      const sub: FakeSubscription = {
        id: paypalId("I-", 12),
        baToken: paypalId("BA-", 17),
        plan,
        customId,
        status: "ACTIVE",
        returnUrl: "https://merchant.invalid/return",
        cancelUrl: "https://merchant.invalid/cancel",
        brandName: null,
        createTime: at,
        statusUpdateTime: at,
        startTime: at,
        nextBillingTime: addMonths(now, plan.months).toISOString(),
        lastPayment: { cents: plan.cents, time: at },
        failedPayments: 0,
        payerId: FAKE_BUYER.payerId,
      };
      state.subscriptions.set(sub.id, sub);
      return sub;
    },
    failPayment: (id) => failPayment(ctx, subscriptionOf(id)),
    redeliver: () => redeliver(state, ctx.target),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function route(ctx: ApiContext, basic: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? "GET").toUpperCase();
  const url = new URL(req.url ?? "/", "http://paypal.invalid");
  const body = method === "GET" ? "" : await readBody(req);
  if (url.pathname === CERT_PATH && method === "GET") {
    return send(res, 200, ctx.state.keys.publicKey.export({ type: "spki", format: "pem" }).toString(), { "Content-Type": "application/x-pem-file" });
  }
  if (url.pathname.startsWith("/v1/")) {
    if (ctx.state.down) throw new PaypalFakeError(503, "SERVICE_UNAVAILABLE", "Service Unavailable (the fake is set to be down).");
    if (url.pathname === "/v1/oauth2/token" && method === "POST") return token(ctx, basic, req, body, res);
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
    const expires = bearer ? ctx.state.tokens.get(bearer) : undefined;
    if (!expires || expires < ctx.state.now().getTime()) return sendJson(res, 401, { error: "invalid_token", error_description: "Token signature verification failed" });
    const requestId = req.headers["paypal-request-id"];
    const key = typeof requestId === "string" && method === "POST" ? `${url.pathname} ${requestId}` : null;
    const remembered = key ? ctx.state.idempotent.get(key) : undefined;
    if (remembered) return sendJson(res, remembered.status, remembered.body);
    let parsed: unknown = {};
    try {
      parsed = body.trim() ? JSON.parse(body) : {};
    } catch {
      throw new PaypalFakeError(400, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", "MALFORMED_REQUEST_JSON");
    }
    const answer = await handleV1(ctx, method, url.pathname, parsed as Record<string, unknown>);
    if (key && answer.status < 300) ctx.state.idempotent.set(key, answer);
    if (answer.status === 204) return sendEmpty(res, 204, { "Paypal-Debug-Id": "fake" });
    return sendJson(res, answer.status, answer.body, { "Paypal-Debug-Id": "fake" });
  }
  if (url.pathname === "/webapps/billing/subscriptions") {
    const sub = ctx.state.byBaToken(url.searchParams.get("ba_token") ?? "");
    if (!sub || sub.status !== "APPROVAL_PENDING") return sendHtml(res, 410, closedPage());
    if (method === "GET") return sendHtml(res, 200, approvePage(sub));
    await approve(ctx, sub);
    return redirect(res, approvedReturn(sub));
  }
  if (url.pathname.startsWith("/myaccount/autopay") && method === "GET") return sendHtml(res, 200, autopayPage(ctx.state));
  throw new PaypalFakeError(404, "RESOURCE_NOT_FOUND", `No such page: ${method} ${url.pathname}.`);
}

function token(ctx: ApiContext, basic: string, req: IncomingMessage, body: string, res: ServerResponse): void {
  if (req.headers.authorization !== basic) return sendJson(res, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
  if (new URLSearchParams(body).get("grant_type") !== "client_credentials") return sendJson(res, 400, { error: "unsupported_grant_type", error_description: "Grant Type is NULL" });
  const accessToken = `A21AA${randomBytes(32).toString("base64url")}`;
  ctx.state.tokens.set(accessToken, ctx.state.now().getTime() + TOKEN_SECONDS * 1000);
  sendJson(res, 200, {
    scope: "https://uri.paypal.com/services/subscriptions https://uri.paypal.com/services/applications/webhooks",
    access_token: accessToken,
    token_type: "Bearer",
    app_id: "APP-80W284485P519543T",
    expires_in: TOKEN_SECONDS,
    nonce: `${ctx.state.now().toISOString()}${randomBytes(8).toString("hex")}`,
  });
}
