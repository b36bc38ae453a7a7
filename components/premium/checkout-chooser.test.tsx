/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import type { CryptoCheckoutText } from "@/components/crypto-checkout/text";
import en from "@/messages/en.json";
import { CheckoutChooser, type ChooserText, type OtherPayments } from "./checkout-chooser";

// The chooser as a buyer meets it: which of their servers can be chosen, the one an upsell
// link named (?guild=) chosen for them, and a server that already pays for the plan shown as
// having it instead of being sold it again. The checkouts themselves run for real in
// test/integration (Chargebee, Stripe, PayPal, crypto) and e2e/premium-chooser.spec.ts.

const WITH_BOT = "584327784348909864";
const WITHOUT_BOT = "280084300022546617";
const PREMIUM = "1131294386013995400";
const CRYPTO_PREMIUM = "1131294386013995401";
const GUILDS = [
  { id: WITH_BOT, name: "Ada's Workshop", icon: null, owner: true, permissions: "8", managed: true, bot_present: true, paid_plans: [] },
  { id: WITHOUT_BOT, name: "Pixel Raiders", icon: null, owner: false, permissions: "8", managed: true, bot_present: false, paid_plans: [] },
  { id: PREMIUM, name: "Night Owls", icon: null, owner: true, permissions: "8", managed: true, bot_present: true, paid_plans: [{ plan: "premium", provider: "stripe" }] },
  { id: CRYPTO_PREMIUM, name: "Speedrun", icon: null, owner: true, permissions: "8", managed: true, bot_present: true, paid_plans: [{ plan: "premium", provider: "crypto" }] },
];
const USER = { id: "158954752913309807", username: "ada.lovelace" };
const text = en.premium.shop.chooser as unknown as ChooserText;
const PLANS = [
  { plan: "premium" as const, name: "Premium", prices: { 1: { amount: 1199, currency: "USD" } }, customBot: null },
  { plan: "pro" as const, name: "Pro", prices: { 1: { amount: 2499, currency: "USD" } }, customBot: null },
];
const PLAN_NAMES = en.premium.shop.plans;
const CRYPTO_TEXT: CryptoCheckoutText = en.cryptoCheckout;

beforeEach(() => {
  globalThis.fetch = jest.fn((url: string) =>
    Promise.resolve({ ok: true, status: 200, json: async () => (String(url).endsWith("/users/@me") ? USER : GUILDS) }),
  ) as unknown as typeof globalThis.fetch;
});

function renderAt(search: string, other: OtherPayments = { card: false, paypal: false, crypto: null }) {
  window.history.replaceState(null, "", `/en/premium${search}`);
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <CheckoutChooser locale="en" plans={PLANS} planNames={PLAN_NAMES} text={text} signInHref="/api/login" other={other} />
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

it("shows a server that already pays for the plan as having it, with the way to its overview, and sells it no second time", async () => {
  renderAt(`?guild=${PREMIUM}`, { card: true, paypal: true, crypto: CRYPTO_TEXT });
  const select = (await screen.findByLabelText("Server")) as HTMLSelectElement;
  await waitFor(() => expect(select.value).toBe(PREMIUM));
  expect([...select.options].find((item) => item.value === PREMIUM)!.textContent).toBe("Night Owls (already has Premium)");
  const notice = screen.getByTestId("checkout-already-subscribed");
  expect(notice.textContent).toContain("Night Owls already has Premium");
  expect(notice.querySelector("a")!.getAttribute("href")).toBe(`/en/dashboard/${PREMIUM}`);
  expect((screen.getByRole("button", { name: text.pay }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.queryByTestId("checkout-other-ways")).toBeNull();

  // Another plan is for sale, every way.
  fireEvent.click(screen.getByRole("radio", { name: /Pro/ }));
  expect(screen.queryByTestId("checkout-already-subscribed")).toBeNull();
  expect((screen.getByRole("button", { name: text.pay }) as HTMLButtonElement).disabled).toBe(false);
  expect(screen.getByTestId("checkout-card")).toBeTruthy();
});

it("offers only crypto to renew a prepaid crypto plan", async () => {
  renderAt(`?guild=${CRYPTO_PREMIUM}`, { card: true, paypal: true, crypto: CRYPTO_TEXT });
  await screen.findByTestId("checkout-already-subscribed");
  expect((screen.getByRole("button", { name: text.pay }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.queryByTestId("checkout-card")).toBeNull();
  expect(screen.queryByTestId("checkout-paypal")).toBeNull();
  expect(await screen.findByTestId("crypto-checkout")).toBeTruthy();
});
