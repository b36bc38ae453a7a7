import type { FakeSubscription, PaypalFakeState } from "./state";

// The buyer's pages: the approve page a subscription's `approve` link opens (log-in skipped: the
// sandbox buyer is already signed in) and the autopay page where they see what they pay for.
// Plain HTML forms, usable without script, labelled for screen readers and tests.

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#001c64}
button,a.button{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;font:inherit;background:#0070e0;color:#fff;border:0;border-radius:999px;text-decoration:none;cursor:pointer}
.note{color:#555;font-size:.9rem}</style></head><body>${body}</body></html>`;
}

export function approvePage(sub: FakeSubscription): string {
  const amount = `$${(sub.plan.cents / 100).toFixed(2)} USD`;
  const every = sub.plan.months === 12 ? "year" : "month";
  return page(
    "PayPal Checkout (sandbox)",
    `<h1>Subscribe${sub.brandName ? ` to ${escape(sub.brandName)}` : ""}</h1>
<p>${escape(sub.plan.plan)}: <strong data-testid="paypal-amount">${amount}</strong> every ${every}</p>
<p class="note">Sandbox: you are signed in as the test buyer. No money moves.</p>
<form method="post" action="/webapps/billing/subscriptions?ba_token=${escape(sub.baToken)}">
<button type="submit" data-testid="paypal-agree">Agree &amp; Subscribe</button>
</form>
<p><a href="${escape(cancelReturn(sub))}" data-testid="paypal-cancel">Cancel and return to merchant</a></p>`,
  );
}

/** Where "Cancel" goes: the merchant's cancel_url with the token PayPal appends. */
export function cancelReturn(sub: FakeSubscription): string {
  const url = new URL(sub.cancelUrl);
  url.searchParams.set("ba_token", sub.baToken);
  url.searchParams.set("token", sub.baToken);
  return url.toString();
}

/** Where "Agree" goes: the merchant's return_url with subscription_id, ba_token and token. */
export function approvedReturn(sub: FakeSubscription): string {
  const url = new URL(sub.returnUrl);
  url.searchParams.set("subscription_id", sub.id);
  url.searchParams.set("ba_token", sub.baToken);
  url.searchParams.set("token", sub.baToken);
  return url.toString();
}

export function closedPage(): string {
  return page("PayPal Checkout (sandbox)", `<h1>This subscription link is no longer valid</h1><p>It was approved, cancelled or never existed.</p>`);
}

export function autopayPage(state: PaypalFakeState): string {
  const rows = [...state.subscriptions.values()]
    .filter((sub) => sub.payerId)
    .map((sub) => `<li>${escape(sub.plan.plan)} (${escape(sub.id)}): ${escape(sub.status)}${sub.nextBillingTime && sub.status === "ACTIVE" ? `, next payment ${escape(sub.nextBillingTime.slice(0, 10))}` : ""}</li>`)
    .join("");
  return page("Automatic payments (sandbox)", `<h1>Automatic payments</h1><ul data-testid="paypal-autopay">${rows || "<li>None</li>"}</ul>`);
}
