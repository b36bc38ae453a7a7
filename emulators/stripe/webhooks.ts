import { eventJson } from "./objects";
import { stripeSignature as signature } from "./signature";
import { newId, type StripeFakeState } from "./state";

// Sending events to the app's webhook endpoint, signed as Stripe signs them. An event the app
// refused (not 2xx, or unreachable) stays undelivered; redeliver() sends those again, as
// Stripe's retries would.

/** Posts one signed payload; answers the HTTP status (0 when the endpoint could not be reached). */
export type Deliver = (payload: string, signatureHeader: string) => Promise<number>;

export type WebhookTarget = { secret: string; deliver: Deliver };

export function postTo(url: string): Deliver {
  return async (payload, signatureHeader) => {
    try {
      const response = await fetch(url, { method: "POST", body: payload, headers: { "Content-Type": "application/json", "Stripe-Signature": signatureHeader } });
      await response.body?.cancel();
      return response.status;
    } catch {
      return 0;
    }
  };
}

export async function emit(state: StripeFakeState, target: WebhookTarget, type: string, object: unknown, account: string | null = null): Promise<void> {
  const id = newId("evt");
  const payload = JSON.stringify(eventJson(id, type, object, state.now(), account), null, 2);
  const event = { id, type, payload, delivered: false };
  state.events.push(event);
  event.delivered = isOk(await target.deliver(payload, signature(payload, target.secret)));
}

export async function redeliver(state: StripeFakeState, target: WebhookTarget): Promise<void> {
  for (const event of state.events.filter((candidate) => !candidate.delivered)) {
    event.delivered = isOk(await target.deliver(event.payload, signature(event.payload, target.secret)));
  }
}

function isOk(status: number): boolean {
  return status >= 200 && status < 300;
}
