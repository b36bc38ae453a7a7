import { randomBytes } from "node:crypto";
import { FAKE_ITEM_PRICES, itemPriceResource } from "./catalog";
import { field, type FormObject, type FormValue } from "./form";

// What the fake Chargebee site holds: hosted pages, customers, cards, subscriptions and the
// event log, in the resource shapes of API v2 (unix-second timestamps, snake_case).

export type Subscription = {
  object: "subscription";
  id: string;
  customer_id: string;
  status: "active" | "in_trial" | "non_renewing" | "paused" | "cancelled";
  currency_code: string;
  billing_period: number;
  billing_period_unit: "month" | "year";
  subscription_items: Array<{ item_price_id: string; item_type: string; quantity: number; unit_price: number; amount: number }>;
  coupons?: Array<{ coupon_id: string }>;
  current_term_start: number;
  current_term_end: number;
  next_billing_at?: number;
  cancelled_at?: number;
  pause_date?: number;
  resume_date?: number;
  created_at: number;
  started_at: number;
  updated_at: number;
  resource_version: number;
  deleted: false;
  [customField: `cf_${string}`]: string | undefined;
};

export type Customer = { object: "customer"; id: string; email?: string; first_name?: string; auto_collection: "on"; payment_method?: { object: "payment_method"; type: "card"; status: "valid"; reference_id: string }; created_at: number; updated_at: number; resource_version: number; deleted: false };
export type Card = { object: "card"; customer_id: string; card_type: string; last4: string; expiry_month: number; expiry_year: number; status: "valid"; masked_number: string };

export type HostedPage = {
  object: "hosted_page";
  id: string;
  type: "checkout_new";
  url: string;
  state: "created" | "requested" | "succeeded" | "cancelled";
  embed: false;
  pass_thru_content?: string;
  created_at: number;
  expires_at: number;
  updated_at: number;
  resource_version: number;
  content?: { subscription: Subscription; customer: Customer; card: Card };
  /** Not part of the API answer: what checkout_new_for_items was asked, to create the subscription on payment. */
  request: FormObject;
};

export type Event = { object: "event"; id: string; occurred_at: number; source: string; api_version: "v2"; event_type: string; webhook_status: string; content: Record<string, unknown> };

export class ChargebeeError extends Error {
  constructor(
    readonly status: number,
    readonly apiErrorCode: string,
    readonly errorCode: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }

  body() {
    const type = this.status === 401 ? undefined : this.apiErrorCode === "payment_processing_failed" ? "payment" : "invalid_request";
    return { message: this.message, ...(type ? { type } : {}), api_error_code: this.apiErrorCode, ...(this.param ? { param: this.param } : {}), error_code: this.errorCode, error_msg: this.message, http_status_code: this.status };
  }
}

export const notFound = (what: string) => new ChargebeeError(404, "resource_not_found", "referenced_resource_not_found", `Sorry, we couldn't find that resource (${what})`);
export const badParam = (param: string, message: string) => new ChargebeeError(400, "invalid_request", "param_wrong_value", message, param);

export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}${randomBytes(8).toString("hex")}`;

function addPeriod(from: number, months: number): number {
  const date = new Date(from * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

export class FakeChargebeeState {
  readonly hostedPages = new Map<string, HostedPage>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly customers = new Map<string, Customer>();
  readonly cards = new Map<string, Card>();
  readonly events: Event[] = [];
  readonly createdAt = now();

  itemPrices() {
    return FAKE_ITEM_PRICES.map((price) => itemPriceResource(price, this.createdAt));
  }

  createHostedPage(request: FormObject, pageBase: string): HostedPage {
    const items = Array.isArray(request.subscription_items) ? (request.subscription_items as FormValue[]) : [];
    if (items.length === 0) throw badParam("subscription_items[item_price_id][0]", "subscription_items[item_price_id][0] : cannot be blank");
    items.forEach((entry, index) => {
      const id = field(entry as FormObject, "item_price_id");
      if (!FAKE_ITEM_PRICES.some((price) => price.id === id && price.item_type !== "charge")) throw badParam(`subscription_items[item_price_id][${index}]`, `${id} : item price not found`);
    });
    const plans = items.filter((entry) => FAKE_ITEM_PRICES.find((price) => price.id === field(entry as FormObject, "item_price_id"))?.item_type === "plan");
    if (plans.length !== 1) throw badParam("subscription_items[item_price_id][0]", "Exactly one plan item price is required");
    const at = now();
    const id = newId("hp_");
    const page: HostedPage = { object: "hosted_page", id, type: "checkout_new", url: `${pageBase}/pages/checkout/${id}`, state: "created", embed: false, pass_thru_content: field(request, "pass_thru_content"), created_at: at, expires_at: at + 3 * 86400, updated_at: at, resource_version: at * 1000, request };
    this.hostedPages.set(id, page);
    return page;
  }

  hostedPage(id: string): HostedPage {
    const page = this.hostedPages.get(id);
    if (!page) throw notFound(`hosted page ${id}`);
    return page;
  }

  /** The test card form was submitted: the payment succeeds or is declined like Chargebee's test gateway. */
  pay(id: string, card: { number: string; expiry: string; cvc: string }): HostedPage {
    const page = this.hostedPage(id);
    if (page.state === "succeeded" || page.state === "cancelled") throw new ChargebeeError(400, "invalid_state_for_request", "hosted_page_already_used", "This checkout was already completed.");
    const number = card.number.replace(/\s+/g, "");
    const [month, year] = card.expiry.split("/").map((part) => Number(part.trim()));
    if (!/^\d{16}$/.test(number) || !month || !year || month > 12 || !/^\d{3,4}$/.test(card.cvc)) throw badParam("card[number]", "Enter a card number, an expiry date (MM/YY) and a CVC.");
    if (number === "4000000000000002") throw new ChargebeeError(402, "payment_processing_failed", "card_declined", "Your card was declined.");
    if (number !== "4111111111111111") throw new ChargebeeError(402, "payment_processing_failed", "card_not_test_card", "Use the test card 4111 1111 1111 1111.");
    const request = page.request;
    const customerId = field(request, "customer", "id") ?? newId("cus_");
    const at = now();
    const customer: Customer = this.customers.get(customerId) ?? { object: "customer", id: customerId, email: field(request, "customer", "email"), auto_collection: "on", created_at: at, updated_at: at, resource_version: at * 1000, deleted: false };
    const cardRecord: Card = { object: "card", customer_id: customerId, card_type: "visa", last4: number.slice(-4), expiry_month: month, expiry_year: year < 100 ? 2000 + year : year, status: "valid", masked_number: `************${number.slice(-4)}` };
    customer.payment_method = { object: "payment_method", type: "card", status: "valid", reference_id: newId("tok_") };
    this.customers.set(customerId, customer);
    this.cards.set(customerId, cardRecord);
    const items = (request.subscription_items as FormObject[]).map((entry) => {
      const price = FAKE_ITEM_PRICES.find((candidate) => candidate.id === field(entry, "item_price_id"))!;
      const quantity = Number(field(entry, "quantity") ?? "1");
      return { item_price_id: price.id, item_type: price.item_type, quantity, unit_price: price.price, amount: price.price * quantity };
    });
    const plan = FAKE_ITEM_PRICES.find((price) => price.id === items.find((item) => item.item_type === "plan")!.item_price_id)!;
    const months = plan.period_unit === "year" ? 12 : 1;
    const customFields = Object.fromEntries(Object.entries((request.subscription as FormObject | undefined) ?? {}).filter(([key, value]) => key.startsWith("cf_") && typeof value === "string"));
    const coupons = Array.isArray(request.coupon_ids) ? (request.coupon_ids as string[]).map((coupon_id) => ({ coupon_id })) : undefined;
    const subscription: Subscription = {
      object: "subscription",
      id: field(request, "subscription", "id") ?? newId("sub_"),
      customer_id: customerId,
      status: "active",
      currency_code: plan.currency_code,
      billing_period: 1,
      billing_period_unit: plan.period_unit!,
      subscription_items: items,
      ...(coupons ? { coupons } : {}),
      current_term_start: at,
      current_term_end: addPeriod(at, months),
      next_billing_at: addPeriod(at, months),
      created_at: at,
      started_at: at,
      updated_at: at,
      resource_version: at * 1000,
      deleted: false,
      ...customFields,
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(page, { state: "succeeded", updated_at: at, resource_version: Date.now(), content: { subscription, customer, card: cardRecord } });
    return page;
  }

  cancelPage(id: string): HostedPage {
    const page = this.hostedPage(id);
    if (page.state !== "succeeded") Object.assign(page, { state: "cancelled", updated_at: now(), resource_version: Date.now() });
    return page;
  }

  subscription(id: string): Subscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw notFound(`subscription ${id}`);
    return subscription;
  }

  customer(id: string): Customer {
    const customer = this.customers.get(id);
    if (!customer) throw notFound(`customer ${id}`);
    return customer;
  }

  /** subscription, customer and card: the envelope most subscription calls answer. */
  subscriptionEnvelope(subscription: Subscription) {
    const card = this.cards.get(subscription.customer_id);
    return { subscription, customer: this.customers.get(subscription.customer_id), ...(card ? { card } : {}) };
  }

  /** Applies a change to a subscription as the site would (a new resource_version), then logs the event. */
  change(id: string, eventType: string, patch: Partial<Subscription>): Subscription {
    const subscription = this.subscription(id);
    const at = now();
    Object.assign(subscription, patch, { updated_at: at, resource_version: Math.max(Date.now(), subscription.resource_version + 1) });
    for (const key of Object.keys(patch) as Array<keyof Subscription>) if (patch[key] === undefined) delete subscription[key];
    this.record(eventType, "api", this.subscriptionEnvelope(subscription));
    return subscription;
  }

  cancel(id: string, endOfTerm: boolean): Subscription {
    const subscription = this.subscription(id);
    if (subscription.status === "cancelled") throw new ChargebeeError(400, "invalid_state_for_request", "subscription_already_cancelled", "The subscription is already cancelled.");
    return endOfTerm
      ? this.change(id, "subscription_cancellation_scheduled", { status: "non_renewing", next_billing_at: undefined })
      : this.change(id, "subscription_cancelled", { status: "cancelled", cancelled_at: now(), current_term_end: now(), next_billing_at: undefined });
  }

  pause(id: string): Subscription {
    const subscription = this.subscription(id);
    if (subscription.status !== "active") throw new ChargebeeError(400, "invalid_state_for_request", "subscription_not_active", "Only an active subscription can be paused.");
    return this.change(id, "subscription_paused", { status: "paused", pause_date: now() });
  }

  resume(id: string): Subscription {
    if (this.subscription(id).status !== "paused") throw new ChargebeeError(400, "invalid_state_for_request", "subscription_not_paused", "Only a paused subscription can be resumed.");
    return this.change(id, "subscription_resumed", { status: "active", pause_date: undefined, resume_date: now() });
  }

  reactivate(id: string): Subscription {
    const subscription = this.subscription(id);
    if (subscription.status === "non_renewing") return this.change(id, "subscription_scheduled_cancellation_removed", { status: "active", next_billing_at: subscription.current_term_end });
    if (subscription.status !== "cancelled") throw new ChargebeeError(400, "invalid_state_for_request", "subscription_not_cancelled", "Only a cancelled subscription can be reactivated.");
    const at = now();
    const end = addPeriod(at, subscription.billing_period_unit === "year" ? 12 : 1);
    return this.change(id, "subscription_reactivated", { status: "active", cancelled_at: undefined, current_term_start: at, current_term_end: end, next_billing_at: end });
  }

  changeTermEnd(id: string, termEndsAt: number): Subscription {
    const subscription = this.subscription(id);
    if (!Number.isInteger(termEndsAt) || termEndsAt <= now()) throw badParam("term_ends_at", "term_ends_at : must be in the future");
    if (subscription.status === "cancelled" || subscription.status === "paused") throw new ChargebeeError(400, "invalid_state_for_request", "subscription_not_active", "The term of this subscription cannot be changed.");
    return this.change(id, "subscription_changed", { current_term_end: termEndsAt, ...(subscription.next_billing_at ? { next_billing_at: termEndsAt } : {}) });
  }

  updateCustomFields(id: string, fields: Record<string, string>): Subscription {
    return this.change(id, "subscription_changed", fields);
  }

  record(eventType: string, source: string, content: Record<string, unknown>): Event {
    const event: Event = { object: "event", id: newId("ev_"), occurred_at: now(), source, api_version: "v2", event_type: eventType, webhook_status: "not_configured", content: structuredClone(content) };
    this.events.unshift(event);
    return event;
  }
}
