import type { Session, StripeFakeState } from "./state";

// The hosted pages a customer visits: checkout (card form) and the billing portal. Plain HTML
// forms, usable without script, labelled for screen readers and tests.

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1f36}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
button,a.button{display:inline-block;margin-top:1rem;padding:.6rem 1rem;font:inherit;background:#635bff;color:#fff;border:0;border-radius:6px;text-decoration:none;cursor:pointer}
[role=alert]{background:#fde8e8;color:#8a1c1c;padding:.75rem;border-radius:6px}.note{color:#555;font-size:.9rem}</style></head><body>${body}</body></html>`;
}

export function checkoutPage(session: Session, error?: string): string {
  const amount = `$${(session.price.unitAmount / 100).toFixed(2)}`;
  const every = session.price.months === 12 ? "year" : "month";
  const oneOff = session.mode === "payment";
  return page(
    "Pay — Stripe test checkout",
    `<h1>${oneOff ? "Buy" : "Subscribe to"} ${escape(session.price.plan)}</h1>
<p><strong data-testid="checkout-amount">${amount}</strong>${oneOff ? ", once" : ` per ${every}`}</p>
<p class="note">Test mode: use card 4242 4242 4242 4242, any future expiry, any CVC.</p>
${error ? `<p role="alert" data-testid="checkout-error">${escape(error)}</p>` : ""}
<form method="post" action="/c/pay/${escape(session.id)}">
<label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
<label for="card_expiry">Expiry (MM / YY)</label><input id="card_expiry" name="card_expiry" autocomplete="cc-exp" required placeholder="12 / 34">
<label for="card_cvc">CVC</label><input id="card_cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" required placeholder="123">
<label for="cardholder_name">Name on card</label><input id="cardholder_name" name="cardholder_name" autocomplete="cc-name">
<button type="submit" data-testid="checkout-pay">${oneOff ? "Pay" : "Subscribe"}</button>
</form>
<p><a href="${escape(session.cancelUrl)}" data-testid="checkout-cancel">Cancel and go back</a></p>`,
  );
}

export function closedPage(): string {
  return page("Checkout closed", `<h1>This checkout session is no longer open</h1><p>It was paid or it expired.</p>`);
}

export function portalPage(state: StripeFakeState, customer: string, returnUrl: string): string {
  const subs = [...state.subscriptions.values()].filter((sub) => sub.customer === customer);
  const rows = subs
    .map((sub) => {
      const card = sub.defaultPaymentMethod ? state.cards.get(sub.defaultPaymentMethod) : undefined;
      const end = new Date(sub.periodEnd * 1000).toISOString().slice(0, 10);
      const state_ = sub.status === "canceled" ? "Canceled" : sub.cancelAtPeriodEnd ? `Ends ${end}` : `Renews ${end}`;
      return `<li>${escape(sub.price.plan)} — ${state_}${card ? ` — ${escape(card.brand)} •••• ${escape(card.last4)}` : ""}</li>`;
    })
    .join("");
  return page("Billing portal — Stripe test mode", `<h1>Your billing</h1><ul data-testid="portal-subscriptions">${rows || "<li>No subscriptions</li>"}</ul><a class="button" href="${escape(returnUrl)}" data-testid="portal-return">Return to Guildhall</a>`);
}
