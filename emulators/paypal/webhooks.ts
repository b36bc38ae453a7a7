import { randomUUID } from "node:crypto";
import { AUTH_ALGO, signTransmission } from "./signature";
import { paypalId, type PaypalFakeState } from "./state";

// Sending events to the app's webhook as PayPal does: the event as JSON with the PAYPAL-* headers
// of a signed transmission. An event the app refused (not 2xx, or unreachable) stays
// undelivered; redeliver() sends those again (a new transmission, the same event), as PayPal's
// retries would.

export type Deliver = (payload: string, headers: Record<string, string>) => Promise<number>;
export type WebhookTarget = { webhookId: string; certUrl: () => string; deliver: Deliver };

const SUMMARIES: Record<string, string> = {
  "BILLING.SUBSCRIPTION.CREATED": "Subscription created",
  "BILLING.SUBSCRIPTION.ACTIVATED": "Subscription activated",
  "BILLING.SUBSCRIPTION.CANCELLED": "Subscription cancelled",
  "BILLING.SUBSCRIPTION.SUSPENDED": "Subscription suspended",
  "BILLING.SUBSCRIPTION.RE-ACTIVATED": "Subscription re-activated",
  "BILLING.SUBSCRIPTION.UPDATED": "Subscription updated",
  "BILLING.SUBSCRIPTION.PAYMENT.FAILED": "Subscription payment failed",
  "PAYMENT.SALE.COMPLETED": "Payment completed for $ USD",
};

export function postTo(url: string): Deliver {
  return async (payload, headers) => {
    try {
      const response = await fetch(url, { method: "POST", body: payload, headers: { "Content-Type": "application/json", ...headers } });
      await response.body?.cancel();
      return response.status;
    } catch {
      return 0;
    }
  };
}

/** The PAYPAL-* headers of one transmission of `payload`, signed with the fake's key. */
export function transmissionHeaders(state: PaypalFakeState, target: Pick<WebhookTarget, "webhookId" | "certUrl">, payload: string, time = state.now()): Record<string, string> {
  const transmissionId = randomUUID();
  const at = time.toISOString();
  return {
    "paypal-transmission-id": transmissionId,
    "paypal-transmission-time": at,
    "paypal-transmission-sig": signTransmission(state.keys.privateKey, transmissionId, at, target.webhookId, payload),
    "paypal-cert-url": target.certUrl(),
    "paypal-auth-algo": AUTH_ALGO,
  };
}

export function eventJson(id: string, type: string, resourceType: string, resource: unknown, time: Date, base: string) {
  return {
    id,
    event_version: "1.0",
    create_time: time.toISOString(),
    resource_type: resourceType,
    resource_version: resourceType === "sale" ? "1.0" : "2.0",
    event_type: type,
    summary: SUMMARIES[type] ?? type,
    resource,
    links: [{ href: `${base}/v1/notifications/webhooks-events/${id}`, rel: "self", method: "GET" }],
  };
}

export async function emit(state: PaypalFakeState, target: WebhookTarget, base: string, type: string, resourceType: string, resource: unknown): Promise<void> {
  const id = paypalId("WH-", 17);
  // Compact JSON: what the app hands back to verify-webhook-signature serializes to the same bytes.
  const payload = JSON.stringify(eventJson(id, type, resourceType, resource, state.now(), base));
  const event = { id, type, payload, delivered: false };
  state.events.push(event);
  event.delivered = isOk(await target.deliver(payload, transmissionHeaders(state, target, payload)));
}

export async function redeliver(state: PaypalFakeState, target: WebhookTarget): Promise<void> {
  for (const event of state.events.filter((candidate) => !candidate.delivered)) {
    event.delivered = isOk(await target.deliver(event.payload, transmissionHeaders(state, target, event.payload)));
  }
}

function isOk(status: number): boolean {
  return status >= 200 && status < 300;
}
