import { FAKE_BUYER, FAKE_PLANS } from "./credentials";
import { addMonths, approveUrl, saleJson, subscriptionJson } from "./objects";
import { AUTH_ALGO, verifyTransmission } from "./signature";
import { paypalId, type FakeSubscription, type PaypalFakeState } from "./state";
import { emit, type WebhookTarget } from "./webhooks";

// The fake's REST API: PayPal's Subscriptions API v1 (create, show, update custom_id, cancel,
// suspend, activate) and verify-webhook-signature, with PayPal's error shape
// ({ name, message, debug_id, details: [{ issue, description }] }) and 204 for state changes.

export type ApiContext = { state: PaypalFakeState; target: WebhookTarget; base: string; webhookId: string };
export type Answer = { status: number; body: unknown };

export class PaypalFakeError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
    readonly issue?: string,
  ) {
    super(message);
  }
}

export function errorBody(error: PaypalFakeError) {
  return {
    name: error.errorName,
    message: error.message,
    debug_id: paypalId("", 13).toLowerCase(),
    ...(error.issue ? { details: [{ issue: error.issue, description: error.message }] } : {}),
    links: [],
  };
}

type Json = Record<string, unknown>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

function invalid(field: string, issue: string): PaypalFakeError {
  return new PaypalFakeError(400, "INVALID_REQUEST", `Request is not well-formed, syntactically incorrect, or violates schema (${field}).`, issue);
}

function find(ctx: ApiContext, id: string): FakeSubscription {
  const sub = ctx.state.subscriptions.get(id);
  if (!sub) throw new PaypalFakeError(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
  return sub;
}

function statusInvalid(): PaypalFakeError {
  return new PaypalFakeError(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed, semantically incorrect, or failed business validation.", "SUBSCRIPTION_STATUS_INVALID");
}

function setStatus(ctx: ApiContext, sub: FakeSubscription, status: FakeSubscription["status"]): void {
  sub.status = status;
  sub.statusUpdateTime = ctx.state.now().toISOString();
}

export async function handleV1(ctx: ApiContext, method: string, path: string, body: Json): Promise<Answer> {
  if (method === "POST" && path === "/v1/billing/subscriptions") return create(ctx, body);
  if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") return verify(ctx, body);
  const one = /^\/v1\/billing\/subscriptions\/(I-[A-Z0-9]+)(?:\/(cancel|suspend|activate))?$/.exec(path);
  if (!one) throw new PaypalFakeError(404, "RESOURCE_NOT_FOUND", `No such route: ${method} ${path}.`, "INVALID_RESOURCE_ID");
  const sub = find(ctx, one[1]!);
  const action = one[2];
  if (!action && method === "GET") return { status: 200, body: subscriptionJson(ctx.base, sub) };
  if (!action && method === "PATCH") return patch(ctx, sub, body);
  if (method !== "POST" || !action) throw new PaypalFakeError(405, "METHOD_NOT_SUPPORTED", "The server does not implement the requested HTTP method.");
  if (text(body.reason).length === 0 || text(body.reason).length > 128) throw invalid("reason", "MISSING_REQUIRED_PARAMETER");
  if (action === "cancel") {
    if (sub.status !== "ACTIVE" && sub.status !== "SUSPENDED" && sub.status !== "APPROVED") throw statusInvalid();
    setStatus(ctx, sub, "CANCELLED");
    await emit(ctx.state, ctx.target, ctx.base, "BILLING.SUBSCRIPTION.CANCELLED", "subscription", subscriptionJson(ctx.base, sub));
  } else if (action === "suspend") {
    if (sub.status !== "ACTIVE") throw statusInvalid();
    setStatus(ctx, sub, "SUSPENDED");
    await emit(ctx.state, ctx.target, ctx.base, "BILLING.SUBSCRIPTION.SUSPENDED", "subscription", subscriptionJson(ctx.base, sub));
  } else {
    if (sub.status !== "SUSPENDED") throw statusInvalid();
    setStatus(ctx, sub, "ACTIVE");
    await emit(ctx.state, ctx.target, ctx.base, "BILLING.SUBSCRIPTION.RE-ACTIVATED", "subscription", subscriptionJson(ctx.base, sub));
  }
  return { status: 204, body: null };
}

async function create(ctx: ApiContext, body: Json): Promise<Answer> {
  const plan = FAKE_PLANS.find((entry) => entry.id === body.plan_id);
  if (!plan) throw new PaypalFakeError(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed, semantically incorrect, or failed business validation.", "INVALID_PLAN_ID");
  const context = (body.application_context ?? {}) as Json;
  const returnUrl = text(context.return_url);
  const cancelUrl = text(context.cancel_url);
  if (!URL.canParse(returnUrl)) throw invalid("application_context/return_url", "INVALID_PARAMETER_SYNTAX");
  if (!URL.canParse(cancelUrl)) throw invalid("application_context/cancel_url", "INVALID_PARAMETER_SYNTAX");
  const customId = text(body.custom_id);
  if (customId.length > 127) throw invalid("custom_id", "INVALID_STRING_MAX_LENGTH");
  const now = ctx.state.now().toISOString();
  const sub: FakeSubscription = {
    id: paypalId("I-", 12),
    baToken: paypalId("BA-", 17),
    plan,
    customId,
    status: "APPROVAL_PENDING",
    returnUrl,
    cancelUrl,
    brandName: text(context.brand_name) || null,
    createTime: now,
    statusUpdateTime: now,
    startTime: null,
    nextBillingTime: null,
    lastPayment: null,
    failedPayments: 0,
    payerId: null,
  };
  ctx.state.subscriptions.set(sub.id, sub);
  await emit(ctx.state, ctx.target, ctx.base, "BILLING.SUBSCRIPTION.CREATED", "subscription", subscriptionJson(ctx.base, sub));
  return { status: 201, body: subscriptionJson(ctx.base, sub) };
}

/** PATCH with JSON Patch operations; only /custom_id is patchable here (the transfer uses it). */
async function patch(ctx: ApiContext, sub: FakeSubscription, body: unknown): Promise<Answer> {
  const operations = Array.isArray(body) ? (body as Json[]) : [];
  if (operations.length === 0) throw invalid("patch_request", "MISSING_REQUIRED_PARAMETER");
  for (const op of operations) {
    if (op.op !== "replace" || op.path !== "/custom_id" || typeof op.value !== "string") throw new PaypalFakeError(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed.", "PATCH_PATH_NOT_SUPPORTED");
    sub.customId = op.value;
  }
  await emit(ctx.state, ctx.target, ctx.base, "BILLING.SUBSCRIPTION.UPDATED", "subscription", subscriptionJson(ctx.base, sub));
  return { status: 204, body: null };
}

/** The buyer agreed on the approve page: ACTIVE at once (user_action SUBSCRIBE_NOW), the first cycle paid. */
export async function approve(ctx: ApiContext, sub: FakeSubscription): Promise<void> {
  const now = ctx.state.now();
  sub.payerId = FAKE_BUYER.payerId;
  sub.startTime = now.toISOString();
  sub.lastPayment = { cents: sub.plan.cents, time: now.toISOString() };
  sub.nextBillingTime = addMonths(now, sub.plan.months).toISOString();
  setStatus(ctx, sub, "ACTIVE");
  await emit(ctx.state, ctx.target, ctx.base, "BILLING.SUBSCRIPTION.ACTIVATED", "subscription", subscriptionJson(ctx.base, sub));
  await emit(ctx.state, ctx.target, ctx.base, "PAYMENT.SALE.COMPLETED", "sale", saleJson(ctx.base, sub, paypalId("", 17), sub.plan.cents, now.toISOString()));
}

/** A renewal that failed (tests): the subscription stays ACTIVE with a balance, as PayPal keeps it while it retries. */
export async function failPayment(ctx: ApiContext, sub: FakeSubscription): Promise<void> {
  sub.failedPayments += 1;
  await emit(ctx.state, ctx.target, ctx.base, "BILLING.SUBSCRIPTION.PAYMENT.FAILED", "subscription", subscriptionJson(ctx.base, sub));
}

export function approveLink(ctx: ApiContext, sub: FakeSubscription): string {
  return approveUrl(ctx.base, sub);
}

function verify(ctx: ApiContext, body: Json): Answer {
  const required = ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_id"] as const;
  for (const field of required) if (!text(body[field])) throw invalid(field, "MISSING_REQUIRED_PARAMETER");
  if (typeof body.webhook_event !== "object" || body.webhook_event === null) throw invalid("webhook_event", "MISSING_REQUIRED_PARAMETER");
  // PayPal signs the body it sent; the event handed back is serialized again, compact, as the fake sent it.
  const ok =
    body.auth_algo === AUTH_ALGO &&
    body.webhook_id === ctx.webhookId &&
    body.cert_url === ctx.target.certUrl() &&
    verifyTransmission(ctx.state.keys.publicKey, text(body.transmission_sig), text(body.transmission_id), text(body.transmission_time), text(body.webhook_id), JSON.stringify(body.webhook_event));
  return { status: 200, body: { verification_status: ok ? "SUCCESS" : "FAILURE" } };
}
