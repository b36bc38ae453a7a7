import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { timingSafeEqual } from "node:crypto";
import { readBody, redirect, sendHtml, sendJson } from "../platform/http";
import { FAKE_ITEM_PRICES } from "./catalog";
import { field, parseForm, type FormObject } from "./form";
import { checkoutPage, portalPage } from "./pages";
import { ChargebeeError, FakeChargebeeState, badParam, newId, notFound, now, type Event, type HostedPage } from "./state";

// A local stand-in for Chargebee's API v2 (https://apidocs.chargebee.com/docs/api): HTTP basic
// auth with the site's API key, form-encoded POSTs, the JSON envelopes the SDK reads and its
// error shape, idempotency keys, plus the hosted checkout page and the webhook it sends.
// The `chargebee` SDK talks to it unchanged (protocol http, hostSuffix "", the fake's port).

export const FAKE_CHARGEBEE_SITE = "guildhall-test";
export const FAKE_CHARGEBEE_API_KEY = "test_guildhall_fake_key";

export type WebhookTarget = { url: string; username: string; password: string };

export type StartOptions = {
  port?: number;
  apiKey?: string;
  /** Where events are POSTed (Chargebee's webhook settings); none: events are only listed. */
  webhook?: WebhookTarget;
  quiet?: boolean;
};

export type FakeChargebee = {
  url: string;
  apiKey: string;
  state: FakeChargebeeState;
  /** Answers every API call with 503 while true (a provider outage). */
  setDown(down: boolean): void;
  setWebhook(target: WebhookTarget | undefined): void;
  /** API calls answered so far, as "GET /item_prices" (ids left in). */
  calls: string[];
  /** Webhook deliveries so far, with the status the app answered (0: unreachable). */
  deliveries: Array<{ eventId: string; status: number }>;
  close(): Promise<void>;
};

type Reply = { status: number; body: unknown };

export async function startChargebeeFake(options: StartOptions = {}): Promise<FakeChargebee> {
  const apiKey = options.apiKey ?? FAKE_CHARGEBEE_API_KEY;
  const state = new FakeChargebeeState();
  const idempotent = new Map<string, Reply>();
  const deliveries: FakeChargebee["deliveries"] = [];
  const calls: string[] = [];
  let webhook = options.webhook;
  let down = false;
  let base = "";

  async function deliver(event: Event): Promise<void> {
    if (!webhook) return;
    const auth = Buffer.from(`${webhook.username}:${webhook.password}`).toString("base64");
    let status = 0;
    try {
      const response = await fetch(webhook.url, { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Basic ${auth}` }, body: JSON.stringify(event), signal: AbortSignal.timeout(10_000) });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      if (!options.quiet) console.warn(`chargebee fake: webhook to ${webhook.url} failed: ${String(error)}`);
    }
    event.webhook_status = status >= 200 && status < 300 ? "succeeded" : "failed";
    deliveries.push({ eventId: event.id, status });
  }

  function authorized(req: IncomingMessage): boolean {
    const [scheme, encoded] = (req.headers.authorization ?? "").split(" ");
    if (scheme !== "Basic" || !encoded) return false;
    const given = Buffer.from(Buffer.from(encoded, "base64").toString("utf8").split(":")[0] ?? "");
    const expected = Buffer.from(apiKey);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  function orderLines(page: HostedPage) {
    return (page.request.subscription_items as FormObject[]).map((entry) => {
      const price = FAKE_ITEM_PRICES.find((candidate) => candidate.id === field(entry, "item_price_id"))!;
      return { name: price.name, amount: `${(price.price / 100).toFixed(2)} ${price.currency_code}` };
    });
  }

  async function api(method: string, path: string[], query: URLSearchParams, form: FormObject): Promise<Reply> {
    const [resource, id, action] = path;
    const ok = (body: unknown): Reply => ({ status: 200, body });
    if (method === "GET" && resource === "item_prices" && !id) {
      const type = query.get("item_type[is]");
      const limit = Math.min(Number(query.get("limit") ?? 10) || 10, 100);
      const offset = Number(query.get("offset") ?? 0) || 0;
      const all = state.itemPrices().filter((price) => !type || price.item_type === type);
      const page = all.slice(offset, offset + limit);
      return ok({ list: page.map((item_price) => ({ item_price })), ...(offset + limit < all.length ? { next_offset: String(offset + limit) } : {}) });
    }
    if (resource === "hosted_pages") {
      if (method === "POST" && id === "checkout_new_for_items") return ok({ hosted_page: publicPage(state.createHostedPage(form, base)) });
      if (method === "GET" && id && !action) return ok({ hosted_page: publicPage(state.hostedPage(id)) });
    }
    if (resource === "subscriptions" && id) {
      if (method === "GET" && !action) return ok(state.subscriptionEnvelope(state.subscription(id)));
      const done = (subscription: ReturnType<FakeChargebeeState["subscription"]>) => ok(state.subscriptionEnvelope(subscription));
      if (method === "POST" && (action === "cancel_for_items" || action === "cancel")) return done(state.cancel(id, field(form, "end_of_term") === "true"));
      if (method === "POST" && action === "pause") return done(state.pause(id));
      if (method === "POST" && action === "resume") return done(state.resume(id));
      if (method === "POST" && (action === "reactivate" || action === "remove_scheduled_cancellation")) return done(state.reactivate(id));
      if (method === "POST" && action === "change_term_end") return done(state.changeTermEnd(id, Number(field(form, "term_ends_at"))));
      if (method === "POST" && action === "update_for_items") {
        state.subscription(id);
        const nested = (form.subscription as FormObject | undefined) ?? {};
        const fields = Object.fromEntries(Object.entries({ ...form, ...nested }).filter((entry): entry is [string, string] => entry[0].startsWith("cf_") && typeof entry[1] === "string"));
        if (Object.keys(fields).length === 0) throw badParam("cf_guild_id", "Nothing to update");
        return done(state.updateCustomFields(id, fields));
      }
    }
    if (method === "GET" && resource === "customers" && id && !action) {
      const customer = state.customer(id);
      const card = state.cards.get(id);
      return ok({ customer, ...(card ? { card } : {}) });
    }
    if (method === "POST" && resource === "portal_sessions" && !id) {
      const customerId = field(form, "customer", "id");
      if (!customerId) throw badParam("customer[id]", "customer[id] : cannot be blank");
      state.customer(customerId);
      const sessionId = newId("portal_");
      const returnUrl = field(form, "redirect_url");
      const at = now();
      return ok({ portal_session: { object: "portal_session", id: sessionId, token: newId("tok_"), access_url: `${base}/pages/portal/${sessionId}?customer=${encodeURIComponent(customerId)}${returnUrl ? `&return=${encodeURIComponent(returnUrl)}` : ""}`, status: "created", customer_id: customerId, redirect_url: returnUrl, created_at: at, expires_at: at + 3600 } });
    }
    if (method === "GET" && resource === "events" && !id) {
      const limit = Math.min(Number(query.get("limit") ?? 10) || 10, 100);
      const type = query.get("event_type[is]");
      return ok({ list: state.events.filter((event) => !type || event.event_type === type).slice(0, limit).map((event) => ({ event })) });
    }
    throw new ChargebeeError(404, "resource_not_found", "url_not_found", `Sorry, the requested URL /api/v2/${path.join("/")} was not found`);
  }

  function publicPage(page: HostedPage) {
    const { request: _request, ...rest } = page;
    return rest;
  }

  async function pages(req: IncomingMessage, res: ServerResponse, path: string[]): Promise<void> {
    const [kind, id, action] = path;
    if (kind === "portal" && id) {
      const url = new URL(req.url ?? "/", base);
      sendHtml(res, 200, portalPage(url.searchParams.get("customer") ?? "", url.searchParams.get("return") ?? undefined));
      return;
    }
    if (kind !== "checkout" || !id) throw notFound("page");
    const page = state.hostedPage(id);
    const back = (target: string | undefined, pageState: string) => {
      const url = new URL(target ?? base);
      url.searchParams.set("id", page.id);
      url.searchParams.set("state", pageState);
      redirect(res, url.href);
    };
    if (req.method === "GET" && !action) {
      if (page.state === "created") Object.assign(page, { state: "requested" });
      sendHtml(res, 200, checkoutPage(page, orderLines(page)));
      return;
    }
    if (req.method === "POST" && action === "cancel") {
      state.cancelPage(id);
      back(field(page.request, "cancel_url") ?? field(page.request, "redirect_url"), "cancelled");
      return;
    }
    if (req.method === "POST" && !action) {
      const form = new URLSearchParams(await readBody(req));
      try {
        state.pay(id, { number: form.get("number") ?? "", expiry: form.get("expiry") ?? "", cvc: form.get("cvc") ?? "" });
      } catch (error) {
        if (!(error instanceof ChargebeeError)) throw error;
        sendHtml(res, error.status === 402 ? 402 : 400, checkoutPage(page, orderLines(page), error.message));
        return;
      }
      // The event is delivered before the buyer returns, so the app may learn of it either way first.
      await deliver(state.record("subscription_created", "hosted_page", page.content!));
      back(field(page.request, "redirect_url"), "succeeded");
      return;
    }
    throw notFound("page");
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const segments = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
      try {
        if (segments[0] === "pages") return await pages(req, res, segments.slice(1));
        if (segments[0] !== "api" || segments[1] !== "v2") throw notFound("path");
        if (!authorized(req)) throw new ChargebeeError(401, "api_authentication_failed", "api_authentication_invalid_key", "Sorry, authentication failed. Invalid api key");
        if (down) throw new ChargebeeError(503, "internal_temporary_error", "internal_temporary_error", "Sorry, the server is currently unable to handle the request due to a temporary overload or scheduled maintenance.");
        const method = req.method ?? "GET";
        calls.push(`${method} /${segments.slice(2).join("/")}`);
        const form = method === "POST" ? parseForm(await readBody(req)) : {};
        const key = method === "POST" ? req.headers["chargebee-idempotency-key"] : undefined;
        const replayKey = typeof key === "string" && key ? `${url.pathname} ${key}` : null;
        const replay = replayKey ? idempotent.get(replayKey) : undefined;
        if (replay) return sendJson(res, replay.status, replay.body, { "chargebee-idempotency-replayed": "true" });
        const reply = await api(method, segments.slice(2), url.searchParams, form);
        if (replayKey) idempotent.set(replayKey, reply);
        sendJson(res, reply.status, reply.body);
      } catch (error) {
        const known = error instanceof ChargebeeError ? error : new ChargebeeError(500, "internal_error", "internal_error", String(error));
        sendJson(res, known.status, known.body());
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (!options.quiet) console.log(`Chargebee fake listening on ${base}`);
  return {
    url: base,
    apiKey,
    state,
    deliveries,
    calls,
    setDown: (value) => void (down = value),
    setWebhook: (target) => void (webhook = target),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
