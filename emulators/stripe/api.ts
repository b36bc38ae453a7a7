import { isOneTime, PRICES, PRODUCTS, priceJson, productJson, type FakePrice } from "./catalog";
import { mergeMetadata, obj, str, type FormObject, type FormValue } from "./form";
import { payInvoice, prorationOf } from "./invoices";
import { customerJson, listJson, sessionJson, subscriptionJson } from "./objects";
import { addMonths, newId, type Session, type StripeFakeState, type Subscription } from "./state";
import { emit, type WebhookTarget } from "./webhooks";

// Stripe's /v1 API as far as Guildhall uses it. Answers { status, body }; errors in Stripe's
// envelope `{ error: { type, code?, message, param? } }`.

export type ApiAnswer = { status: number; body: unknown };
/** `account`: the connected account a call acts on (its Stripe-Account header), null for the platform's own. */
export type ApiContext = { state: StripeFakeState; target: WebhookTarget; base: string; account: string | null };

export class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code = status === 404 ? "resource_missing" : "parameter_invalid",
  ) {
    super(message);
  }
}

export function errorBody(error: StripeFakeError) {
  const type = error.status === 401 ? "invalid_request_error" : error.status >= 500 ? "api_error" : "invalid_request_error";
  return { error: { type, code: error.code, message: error.message, ...(error.param ? { param: error.param } : {}) } };
}

function required(form: FormObject, key: string): string {
  const value = str(form[key]);
  if (!value) throw new StripeFakeError(400, `Missing required param: ${key}.`, key, "parameter_missing");
  return value;
}

function expandOf(form: FormObject): string[] {
  const expand = form.expand;
  return Array.isArray(expand) ? expand.filter((item): item is string => typeof item === "string") : Object.values(obj(expand)).filter((item): item is string => typeof item === "string");
}

function subscriptionOf(ctx: ApiContext, id: string): Subscription {
  const sub = ctx.state.subscriptions.get(id);
  // Another account's subscription is as unknown as a missing one, as at Stripe.
  if (!sub || sub.account !== ctx.account) throw new StripeFakeError(404, `No such subscription: '${id}'`, "id");
  return sub;
}

export async function handleV1(ctx: ApiContext, method: string, path: string, form: FormObject): Promise<ApiAnswer> {
  const { state } = ctx;
  const parts = path.split("/").filter(Boolean).slice(1);
  const route = `${method} /${parts.map((part, index) => (index % 2 === 1 && parts[0] !== "checkout" && parts[0] !== "billing_portal" ? ":id" : part)).join("/")}`;
  const id = parts[1] ?? "";
  switch (route) {
    case "GET /products":
      return ok(listJson("/v1/products", PRODUCTS.map(productJson)));
    case "GET /prices": {
      const keys = expandList(form.lookup_keys);
      return ok(listJson("/v1/prices", PRICES.filter((price) => keys.length === 0 || keys.includes(price.lookupKey)).map(priceJson)));
    }
    case "POST /customers": {
      const customer = { id: newId("cus"), email: str(form.email) ?? null, name: str(form.name) ?? null, metadata: mergeMetadata({}, form.metadata), created: state.now(), defaultPaymentMethod: null };
      state.customers.set(customer.id, customer);
      return ok(customerJson(customer));
    }
    case "GET /customers/:id": {
      const customer = state.customers.get(id);
      if (!customer) throw new StripeFakeError(404, `No such customer: '${id}'`, "id");
      return ok(customerJson(customer));
    }
    case "GET /subscriptions/:id":
      return ok(subscriptionJson(state, subscriptionOf(ctx, id), expandOf(form)));
    case "POST /subscriptions":
      return ok(await createSubscription(ctx, form));
    case "POST /subscriptions/:id":
      return ok(await updateSubscription(ctx, subscriptionOf(ctx, id), form));
    case "DELETE /subscriptions/:id": {
      const sub = subscriptionOf(ctx, id);
      if (sub.status === "canceled") throw new StripeFakeError(400, `No such subscription: '${id}' is already canceled.`, "id", "resource_missing");
      Object.assign(sub, { status: "canceled", canceledAt: state.now(), cancelAtPeriodEnd: false });
      await emit(state, ctx.target, "customer.subscription.deleted", subscriptionJson(state, sub), sub.account);
      return ok(subscriptionJson(state, sub, expandOf(form)));
    }
    case "POST /accounts": {
      if (ctx.account) throw new StripeFakeError(400, "A connected account cannot create accounts.", undefined, "parameter_invalid");
      const account = { id: newId("acct"), email: str(form.email) ?? null, created: state.now() };
      state.accounts.set(account.id, account);
      return ok({ id: account.id, object: "account", type: str(form.type) ?? "express", email: account.email, metadata: mergeMetadata({}, form.metadata), charges_enabled: true, payouts_enabled: true, details_submitted: true, created: account.created });
    }
    case "POST /prices":
      return ok(priceJson(createPrice(ctx, form)));
    case "POST /billing_portal/sessions": {
      const customer = required(form, "customer");
      if (!state.customers.has(customer)) throw new StripeFakeError(404, `No such customer: '${customer}'`, "customer");
      const portal = { id: newId("bps"), customer, returnUrl: required(form, "return_url") };
      state.portalSessions.set(portal.id, portal);
      return ok({ id: portal.id, object: "billing_portal.session", customer, return_url: portal.returnUrl, url: `${ctx.base}/p/session/${portal.id}`, created: state.now(), livemode: false });
    }
  }
  if (parts[0] === "checkout" && parts[1] === "sessions") {
    if (method === "POST" && parts.length === 2) return ok(createSession(ctx, form));
    const session = state.sessions.get(parts[2] ?? "");
    if (method === "GET" && parts.length === 3 && session) return ok(sessionJson(ctx.base, session));
    if (method === "GET" && parts.length === 3) throw new StripeFakeError(404, `No such checkout.session: '${parts[2]}'`, "session");
  }
  throw new StripeFakeError(404, `Unrecognized request URL (${method}: ${path}).`, undefined, "resource_missing");
}

function ok(body: unknown): ApiAnswer {
  return { status: 200, body };
}

function expandList(value: FormObject[string] | undefined): string[] {
  return Object.values(obj(value)).filter((item): item is string => typeof item === "string");
}

/** A price of the calling account: the fixed catalogue for the platform, its own prices for a connected account. */
function priceOf(ctx: ApiContext, id: string, param: string) {
  const made = ctx.state.prices.get(id);
  const price = ctx.account ? (made?.account === ctx.account ? made : undefined) : (PRICES.find((candidate) => candidate.id === id) ?? (made?.account === null ? made : undefined));
  if (!price) throw new StripeFakeError(400, `No such price: '${id}'`, param, "resource_missing");
  return price;
}

/** Stripe's refusal of a price whose type does not fit the mode (a one-off price in a subscription, or the reverse). */
function checkPriceType(price: FakePrice, recurring: boolean, param: string): FakePrice {
  if (isOneTime(price) === recurring) {
    const [wanted, given] = recurring ? ["recurring", "one_time"] : ["one_time", "recurring"];
    throw new StripeFakeError(400, `The price specified is set to \`type=${given}\` but this field only accepts prices with \`type=${wanted}\`.`, param);
  }
  return price;
}

function createSession(ctx: ApiContext, form: FormObject) {
  const mode = required(form, "mode");
  if (mode !== "subscription" && mode !== "payment") throw new StripeFakeError(400, "This fake supports mode=subscription and mode=payment only.", "mode");
  const item = obj(obj(form.line_items)["0"]);
  const price = checkPriceType(priceOf(ctx, str(item.price) ?? "", "line_items[0][price]"), mode === "subscription", "line_items[0][price]");
  const customer = str(form.customer) ?? null;
  if (customer && !ctx.state.customers.has(customer)) throw new StripeFakeError(400, `No such customer: '${customer}'`, "customer", "resource_missing");
  const session = {
    id: newId("cs_test"),
    mode: mode as Session["mode"],
    price,
    metadata: mergeMetadata({}, form.metadata),
    subscriptionMetadata: mergeMetadata({}, obj(form.subscription_data).metadata),
    successUrl: required(form, "success_url"),
    cancelUrl: required(form, "cancel_url"),
    customer,
    customerEmail: str(form.customer_email) ?? null,
    clientReferenceId: str(form.client_reference_id) ?? null,
    status: "open" as const,
    subscription: null,
    paymentIntent: null,
    account: ctx.account,
    created: ctx.state.now(),
  };
  ctx.state.sessions.set(session.id, session);
  return sessionJson(ctx.base, session);
}

async function createSubscription(ctx: ApiContext, form: FormObject) {
  const customer = required(form, "customer");
  const record = ctx.state.customers.get(customer);
  if (!record) throw new StripeFakeError(400, `No such customer: '${customer}'`, "customer", "resource_missing");
  const price = checkPriceType(priceOf(ctx, str(obj(obj(form.items)["0"]).price) ?? "", "items[0][price]"), true, "items[0][price]");
  const paymentMethod = str(form.default_payment_method) ?? record.defaultPaymentMethod;
  if (!paymentMethod) throw new StripeFakeError(402, "This customer has no attached payment source or default payment method.", undefined, "resource_missing");
  const now = ctx.state.now();
  const sub: Subscription = {
    id: newId("sub"),
    customer,
    price,
    metadata: mergeMetadata({}, form.metadata),
    status: "active",
    cancelAtPeriodEnd: false,
    pauseCollection: null,
    defaultPaymentMethod: paymentMethod,
    periodStart: now,
    periodEnd: addMonths(now, price.months),
    trialEnd: null,
    canceledAt: null,
    account: ctx.account,
    created: now,
  };
  ctx.state.subscriptions.set(sub.id, sub);
  await emit(ctx.state, ctx.target, "customer.subscription.created", subscriptionJson(ctx.state, sub), sub.account);
  return subscriptionJson(ctx.state, sub, expandOf(form));
}

async function updateSubscription(ctx: ApiContext, sub: Subscription, form: FormObject) {
  if (sub.status === "canceled" && Object.keys(form).some((key) => key !== "expand" && key !== "metadata")) {
    throw new StripeFakeError(400, "A canceled subscription can only update its cancellation_details and metadata.", undefined, "resource_missing");
  }
  const cancel = str(form.cancel_at_period_end);
  if (cancel !== undefined) sub.cancelAtPeriodEnd = cancel === "true";
  if (form.pause_collection !== undefined) {
    const pause = obj(form.pause_collection);
    sub.pauseCollection = form.pause_collection === "" ? null : { behavior: str(pause.behavior) ?? "void", resumes_at: Number(str(pause.resumes_at)) || null };
  }
  const trialEnd = str(form.trial_end);
  if (trialEnd !== undefined) {
    const at = Number(trialEnd);
    if (!Number.isInteger(at) || at <= ctx.state.now()) throw new StripeFakeError(400, "Invalid timestamp: must be an integer Unix timestamp in the future.", "trial_end", "parameter_invalid_integer");
    Object.assign(sub, { trialEnd: at, periodEnd: at, status: "trialing" });
  }
  if (form.metadata !== undefined) sub.metadata = mergeMetadata(sub.metadata, form.metadata);
  const item = obj(obj(form.items)["0"]);
  if (str(item.price) !== undefined) await changePrice(ctx, sub, item, str(form.proration_behavior) ?? "create_prorations");
  await emit(ctx.state, ctx.target, "customer.subscription.updated", subscriptionJson(ctx.state, sub), sub.account);
  return subscriptionJson(ctx.state, sub, expandOf(form));
}

/** POST /v1/prices: a recurring price with its product made inline (`product_data[name]`), on the calling account. */
function createPrice(ctx: ApiContext, form: FormObject): FakePrice {
  const unitAmount = Number(required(form, "unit_amount"));
  if (!Number.isInteger(unitAmount) || unitAmount < 0) throw new StripeFakeError(400, "Invalid integer: unit_amount.", "unit_amount", "parameter_invalid_integer");
  const interval = str(obj(form.recurring).interval);
  if (interval !== "month" && interval !== "year") throw new StripeFakeError(400, "This fake makes recurring prices only: recurring[interval] month or year.", "recurring[interval]");
  const name = str(obj(form.product_data).name);
  if (!name) throw new StripeFakeError(400, "Missing required param: product_data[name].", "product_data[name]", "parameter_missing");
  const price: FakePrice = {
    id: newId("price"),
    product: newId("prod"),
    lookupKey: str(form.lookup_key) ?? "",
    unitAmount,
    months: interval === "year" ? 12 : 1,
    plan: name,
    currency: required(form, "currency").toLowerCase(),
    account: ctx.account,
    metadata: mergeMetadata({}, form.metadata),
  };
  ctx.state.prices.set(price.id, price);
  return price;
}

/**
 * `items[0][price]` on a subscription update: the item's price swapped now. The item's id must
 * be the subscription's own. `always_invoice` bills the prorated difference at once (an
 * invoice.paid when positive), as Stripe does; the default leaves it to the next renewal.
 */
async function changePrice(ctx: ApiContext, sub: Subscription, item: Record<string, FormValue>, prorationBehavior: string): Promise<void> {
  if (str(item.id) !== `si_${sub.id.slice(4)}`) throw new StripeFakeError(400, `Invalid subscription item: '${str(item.id) ?? ""}'`, "items[0][id]", "resource_missing");
  const price = checkPriceType(priceOf(ctx, str(item.price)!, "items[0][price]"), true, "items[0][price]");
  if ((price.currency ?? "usd") !== (sub.price.currency ?? "usd")) throw new StripeFakeError(400, "The price's currency differs from the subscription's.", "items[0][price]");
  const previous = sub.price;
  sub.price = price;
  const owed = prorationOf(ctx.state, sub, previous, price);
  if (prorationBehavior === "always_invoice" && owed > 0) await payInvoice(ctx.state, ctx.target, sub, owed, "subscription_update");
}
