/** @jest-environment jsdom */
import { render, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import en from "@/messages/en.json";
import { CheckoutChooser, type ChooserText } from "./checkout-chooser";

// The chooser as a buyer meets it: which of their servers can be chosen, and the one an
// upsell link named (?guild=) chosen for them. The checkouts themselves run for real in
// test/integration (Chargebee, Stripe, PayPal, crypto) and e2e/premium-chooser.spec.ts.

const WITH_BOT = "584327784348909864";
const WITHOUT_BOT = "280084300022546617";
const GUILDS = [
  { id: WITH_BOT, name: "Ada's Workshop", icon: null, owner: true, permissions: "8", managed: true, bot_present: true },
  { id: WITHOUT_BOT, name: "Pixel Raiders", icon: null, owner: false, permissions: "8", managed: true, bot_present: false },
];
const USER = { id: "158954752913309807", username: "ada.lovelace" };
const text = en.premium.shop.chooser as unknown as ChooserText;
const PLANS = [{ plan: "premium" as const, name: "Premium", prices: { 1: { amount: 1199, currency: "USD" } }, customBot: null }];

beforeEach(() => {
  globalThis.fetch = jest.fn((url: string) =>
    Promise.resolve({ ok: true, status: 200, json: async () => (String(url).endsWith("/users/@me") ? USER : GUILDS) }),
  ) as unknown as typeof globalThis.fetch;
});

function renderAt(search: string) {
  window.history.replaceState(null, "", `/en/premium${search}`);
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <CheckoutChooser locale="en" plans={PLANS} text={text} signInHref="/api/login" other={{ card: false, paypal: false, crypto: null }} />
    </SWRConfig>,
  );
}

it("lists servers without the bot but does not let them be chosen, and says why", async () => {
  renderAt("");
  const select = (await screen.findByLabelText("Server")) as HTMLSelectElement;
  const option = (id: string) => [...select.options].find((item) => item.value === id)!;
  expect(option(WITH_BOT).disabled).toBe(false);
  expect(option(WITHOUT_BOT).disabled).toBe(true);
  expect(option(WITHOUT_BOT).textContent).toBe(`Pixel Raiders (${text.needsBot})`);
  expect(select.value).toBe("");
});

it("comes with the server an upsell named already chosen", async () => {
  renderAt(`?guild=${WITH_BOT}`);
  await waitFor(async () => expect(((await screen.findByLabelText("Server")) as HTMLSelectElement).value).toBe(WITH_BOT));
  expect((screen.getByRole("button", { name: text.pay }) as HTMLButtonElement).disabled).toBe(false);
});

it("does not choose a server the visitor cannot buy for, whatever the link says", async () => {
  renderAt(`?guild=${WITHOUT_BOT}`);
  const select = (await screen.findByLabelText("Server")) as HTMLSelectElement;
  expect(select.value).toBe("");
  expect((screen.getByRole("button", { name: text.pay }) as HTMLButtonElement).disabled).toBe(true);
});
