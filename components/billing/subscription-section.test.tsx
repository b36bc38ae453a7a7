/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import en from "@/messages/en.json";
import { SubscriptionSection, type SubscriptionText } from "./subscription-section";

// The overview's Subscription section as a manager uses it: the app's own buttons, and cancelling
// (or pausing) asked in the page's dialog, never the browser's confirm(), with the free month
// offered there while the subscription still has it. The API runs for real in
// test/integration/free-month.test.ts and stripe-billing.test.ts; here its answers are given.

const GUILD = "584327784348909864";
const raw = en.subscription;
const text: SubscriptionText = { ...raw, plans: raw.plans, statuses: raw.statuses, actions: raw.actions, confirmTitle: raw.confirmTitle, confirm: raw.confirm, done: raw.done, freeMonth: raw.freeMonth };

const view = (actions: string[], overrides: Record<string, unknown> = {}) => ({
  subscription: { id: "s", provider: "stripe", plan: "premium", period_months: 1, status: "active", renews_at: "2026-12-28T12:00:00.000Z", ends_at: null, payment_method: { brand: "visa", last4: "4242" }, bought_by_you: true, actions, portal: true, ...overrides },
});

let shown: unknown;
let posts: string[];
let answers: Array<[number, unknown]>;

beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
  // jsdom implements <dialog> without showModal and close; give them the browser's behaviour.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
});

beforeEach(() => {
  posts = [];
  answers = [];
  window.confirm = jest.fn(() => true);
  globalThis.fetch = jest.fn((url: string, init: { method: string }) => {
    if (init.method === "GET") return Promise.resolve({ ok: true, status: 200, json: async () => shown });
    posts.push(url.replace(/^.*\/subscription\//, ""));
    const [status, body] = answers.shift() ?? [500, {}];
    return Promise.resolve({ ok: status < 300, status, json: async () => body });
  }) as unknown as typeof globalThis.fetch;
});

async function mount(actions: string[]) {
  shown = view(actions);
  render(<SubscriptionSection guildId={GUILD} locale="en" buyHref={null} text={text} />);
  await screen.findByTestId("subscription-plan");
}

const dialog = () => screen.queryByRole("dialog");

/** A click as a browser makes it: the button takes the focus first. */
function pressWithFocus(button: HTMLElement) {
  button.focus();
  fireEvent.click(button);
}

it("draws its actions with the app's buttons, the free month among none of them", async () => {
  await mount(["cancel", "pause", "extend"]);
  for (const id of ["subscription-pause", "subscription-cancel", "subscription-portal"]) expect(screen.getByTestId(id).className).toMatch(/\bbutton-secondary\b/);
  expect(screen.queryByTestId("subscription-extend")).toBeNull();
});

it("asks before cancelling in a labelled dialog that offers the free month; taking it adds the month instead and gives focus back", async () => {
  await mount(["cancel", "pause", "extend"]);
  pressWithFocus(screen.getByTestId("subscription-cancel"));
  const asked = screen.getByRole("dialog", { name: raw.confirmTitle.cancel });
  expect(asked.getAttribute("open")).toBe("");
  expect(asked.getAttribute("aria-describedby")).toBeTruthy();
  expect(document.getElementById(asked.getAttribute("aria-describedby")!)?.textContent).toBe(raw.confirm.cancel);
  expect(document.activeElement?.textContent).toBe(raw.back);
  expect(screen.getByTestId("subscription-free-month").textContent).toContain(raw.freeMonth.title);
  // Tab wraps inside the dialog, both ways.
  const last = within(asked).getByRole("button", { name: raw.actions.cancel });
  last.focus();
  fireEvent.keyDown(asked, { key: "Tab" });
  expect(document.activeElement).toBe(within(asked).getByRole("button", { name: raw.freeMonth.take }));
  fireEvent.keyDown(asked, { key: "Tab", shiftKey: true });
  expect(document.activeElement).toBe(last);

  answers = [[200, view(["cancel", "pause"], { status: "in_trial", renews_at: "2027-01-27T12:00:00.000Z" })]];
  await act(async () => fireEvent.click(screen.getByRole("button", { name: raw.freeMonth.take })));
  expect(posts).toEqual(["extend"]);
  expect(dialog()).toBeNull();
  expect(screen.getByTestId("subscription-feedback").textContent).toBe(raw.done.extend);
  expect(document.activeElement).toBe(screen.getByTestId("subscription-cancel"));
  expect(window.confirm).not.toHaveBeenCalled();
});

it("closes without acting on Go back, and offers no free month once it was taken", async () => {
  await mount(["cancel", "pause"]);
  pressWithFocus(screen.getByTestId("subscription-cancel"));
  expect(screen.queryByTestId("subscription-free-month")).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: raw.back }));
  expect(dialog()).toBeNull();
  expect(posts).toEqual([]);
  expect(document.activeElement).toBe(screen.getByTestId("subscription-cancel"));
});

it("cancels once confirmed, with feedback, and puts focus on the section when the cancel button is gone", async () => {
  await mount(["cancel", "pause", "extend"]);
  pressWithFocus(screen.getByTestId("subscription-cancel"));
  answers = [[200, view(["reactivate"], { status: "non_renewing", renews_at: null, ends_at: "2026-12-28T12:00:00.000Z" })]];
  await act(async () => fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: raw.actions.cancel })));
  expect(posts).toEqual(["cancel"]);
  expect(dialog()).toBeNull();
  expect(screen.getByTestId("subscription-feedback").textContent).toBe(raw.done.cancel);
  expect(screen.getByTestId("subscription-reactivate").className).toMatch(/\bbutton-primary\b/);
  expect(document.activeElement).toBe(screen.getByRole("heading", { name: raw.title }));
  expect(window.confirm).not.toHaveBeenCalled();
});

it("asks before pausing too, and says it when the free month was taken meanwhile", async () => {
  await mount(["cancel", "pause", "extend"]);
  fireEvent.click(screen.getByTestId("subscription-pause"));
  expect(screen.getByRole("dialog", { name: raw.confirmTitle.pause })).toBeTruthy();
  expect(screen.queryByTestId("subscription-free-month")).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: raw.back }));

  fireEvent.click(screen.getByTestId("subscription-cancel"));
  const taken = "This subscription already had its free month: it is given once per subscription.";
  answers = [[409, { code: "free_month_used", status_code: 409, message: taken, error: { message: taken } }]];
  await act(async () => fireEvent.click(screen.getByRole("button", { name: raw.freeMonth.take })));
  await waitFor(() => expect(screen.getByTestId("subscription-feedback").textContent).toBe(taken));
});
