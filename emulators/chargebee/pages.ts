import type { HostedPage } from "./state";

// The hosted checkout page a buyer sees: the order and a test card form. Self-contained HTML
// (no script), posted back to the fake, which then redirects to the app like Chargebee does.

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function checkoutPage(page: HostedPage, lines: Array<{ name: string; amount: string }>, error?: string): string {
  const rows = lines.map((line) => `<tr><td>${escape(line.name)}</td><td>${escape(line.amount)}</td></tr>`).join("");
  const done = page.state === "succeeded" || page.state === "cancelled";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout (test site)</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}button{font:inherit;margin-top:1rem;padding:.5rem 1rem}table{width:100%}td:last-child{text-align:right}[role=alert]{color:#a00}</style></head>
<body><main><h1>Checkout</h1><p>Test site: no real payment is taken. Pay with the test card <strong>4111 1111 1111 1111</strong>; <strong>4000 0000 0000 0002</strong> is declined.</p>
<table aria-label="Order">${rows}</table>
${error ? `<p role="alert" id="error">${escape(error)}</p>` : ""}
${done ? `<p>This checkout is ${page.state}.</p>` : `<form method="post" action="/pages/checkout/${page.id}">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required value="4111 1111 1111 1111">
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" required value="12/30">
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required value="123">
<button type="submit">Pay</button></form>
<form method="post" action="/pages/checkout/${page.id}/cancel"><button type="submit">Cancel and go back</button></form>`}
</main></body></html>`;
}

export function portalPage(customerId: string, returnUrl: string | undefined): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing portal (test site)</title></head>
<body><main><h1>Billing portal</h1><p>Customer ${escape(customerId)}: payment methods and invoices would be managed here.</p>
${returnUrl ? `<p><a href="${escape(returnUrl)}">Back to the app</a></p>` : ""}</main></body></html>`;
}
