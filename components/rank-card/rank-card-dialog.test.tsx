/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { RankCardDialog, type RankCardDialogText } from "./rank-card-dialog";

const GUILD = "584327784348909864";
const OTHER = "772248292233969997";
const text: RankCardDialogText = {
  title: "Your rank card",
  alt: "Your rank card on this server",
  loading: "Drawing…",
  failed: "Could not draw it.",
  download: "Download PNG",
  close: "Close",
  offer: { offer: "Show uploads everywhere.", unlocked: "Unlocked", unlockedBody: "Yours on every server.", buy: "Buy for {price}", buyNoPrice: "Buy", buying: "Opening the checkout…" },
  result: { checking: "Checking…", paid: "Payment received.", pending: "Still processing.", failed: "Not paid.", unchecked: "Could not check.", checkAgain: "Check again" },
  servers: { server: "Server", loadingServers: "Loading servers…", noServers: "No server with the bot.", openServers: "Open my servers" },
};

/** `until`: the answer waits for it (to look at the dialog while a request is on its way). */
type Answer = { status: number; body: unknown; until?: Promise<void> };
/** Our API as the dialog's requests reach it: an answer per "METHOD /path"; the requests, in order. */
let api: Record<string, Answer>;
let requests: Array<{ method: string; path: string; body?: string }>;

beforeAll(() => {
  // jsdom implements <dialog> without showModal and close; give it the minimal behaviour.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
  document.cookie = "XSRF-TOKEN=test-token";
});

beforeEach(() => {
  api = { "GET /api/users/@me/rank-card": { status: 200, body: { owned: false } }, "GET /api/shop/rank-card": { status: 200, body: { prices: [{ amount: 499, currency: "USD" }] } } };
  requests = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const path = String(url);
    requests.push({ method, path, body: init?.body as string | undefined });
    const answer = api[`${method} ${path}`] ?? { status: 404, body: { code: "not_found" } };
    await answer.until;
    return { ok: answer.status < 300, status: answer.status, json: async () => answer.body, headers: new Headers() } as Response;
  }) as unknown as typeof fetch;
});

afterEach(() => {
  window.history.replaceState(null, "", "/en/dashboard/x");
  document.cookie = "gh_signed_in=; path=/; max-age=0";
});

/** Each test with its own SWR cache: ownership read in one is not another's. */
const renderDialog = (guildId: string | null = GUILD) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RankCardDialog guildId={guildId ?? undefined} locale="en" text={text} />
    </SWRConfig>,
  );

describe("RankCardDialog", () => {
  it("draws nothing and asks for nothing without #rank-card in the address", () => {
    window.history.replaceState(null, "", "/en/dashboard/x");
    renderDialog();
    expect(screen.queryByTestId("rank-card-dialog")).toBeNull();
    expect(document.querySelector("img")).toBeNull();
    expect(requests).toEqual([]);
  });

  it("opens a labelled modal with the signed-in user's own card for #rank-card, then offers the download", async () => {
    window.history.replaceState(null, "", "/en/dashboard/x#rank-card");
    renderDialog();
    const dialog = await screen.findByRole("dialog", { name: "Your rank card" });
    expect(dialog).toHaveProperty("open", true);
    const image = screen.getByRole("img", { name: text.alt });
    expect(image.getAttribute("src")).toBe(`/api/plugins/levels/guilds/${GUILD}/rank-card/@me`);
    expect(screen.getByText(text.loading).getAttribute("role")).toBe("status");
    expect(screen.queryByRole("link", { name: text.download })).toBeNull();
    fireEvent.load(image);
    expect(screen.getByRole("link", { name: text.download }).getAttribute("download")).toBe("rank-card.png");
    expect(screen.queryByText(text.loading)).toBeNull();
  });

  it("says so when the card cannot be drawn", async () => {
    window.history.replaceState(null, "", "/en/dashboard/x#rank-card");
    renderDialog();
    fireEvent.error(await screen.findByRole("img", { name: text.alt, hidden: true }));
    expect(screen.getByRole("alert").textContent).toBe(text.failed);
  });

  it("opens when the hash changes later, and closing drops the hash so the link works again", async () => {
    renderDialog();
    act(() => {
      window.history.replaceState(null, "", "/en/dashboard/x#rank-card");
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    });
    const dialog = (await screen.findByTestId("rank-card-dialog")) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    act(() => dialog.close());
    expect(screen.queryByTestId("rank-card-dialog")).toBeNull();
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/en/dashboard/x");
  });

  it("offers the card at the shop's price; Buy starts the checkout coming back to this page, with progress", async () => {
    window.history.replaceState(null, "", `/en/dashboard/${GUILD}/levels#rank-card`);
    // Back to this very page: the test stays on it.
    api["POST /api/users/@me/buy-rank-card"] = { status: 200, body: { url: "#checkout" } };
    renderDialog();
    const buy = await screen.findByRole("button", { name: "Buy for $4.99" });
    expect(buy.getAttribute("aria-describedby")).toBe(screen.getByText(text.offer.offer).id);
    fireEvent.click(buy);
    expect(await screen.findByText(text.offer.buying)).toHaveProperty("role", "status");
    expect(buy).toHaveProperty("disabled", true);
    await waitFor(() => expect(requests.some((request) => request.method === "POST")).toBe(true));
    expect(requests.find((request) => request.method === "POST")).toEqual({ method: "POST", path: "/api/users/@me/buy-rank-card", body: JSON.stringify({ return_path: `/en/dashboard/${GUILD}/levels` }) });
  });

  it("Buy answered 'already owned' (bought in another tab) turns into Unlocked", async () => {
    window.history.replaceState(null, "", `/en/dashboard/${GUILD}#rank-card`);
    api["POST /api/users/@me/buy-rank-card"] = { status: 409, body: { code: "already_owned", status_code: 409, message: "You already own this." } };
    renderDialog();
    fireEvent.click(await screen.findByRole("button", { name: "Buy for $4.99" }));
    expect((await screen.findByTestId("rank-card-unlocked")).textContent).toContain(text.offer.unlockedBody);
  });

  it("back from a paid checkout: settles it, says paid, shows Unlocked, and only then draws the card; the address forgets the reference", async () => {
    window.history.replaceState(null, "", `/en/dashboard/${GUILD}/levels?purchase=cs_test_abc#rank-card`);
    let answer = () => {};
    api["POST /api/users/@me/buy-rank-card/finalize"] = { status: 200, body: { status: "paid", owned: true }, until: new Promise<void>((resolve) => (answer = resolve)) };
    renderDialog();
    const result = await screen.findByTestId("rank-card-purchase-result");
    expect(result.textContent).toBe(text.result.checking);
    expect(window.location.search).toBe("");
    expect(window.location.hash).toBe("#rank-card");
    // No card until the purchase is settled: one drawn now could be the locked one.
    expect(screen.queryByRole("img")).toBeNull();
    act(() => answer());
    await waitFor(() => expect(result.textContent).toBe(text.result.paid));
    expect(result.getAttribute("role")).toBe("status");
    expect((await screen.findByTestId("rank-card-unlocked")).textContent).toContain("Unlocked");
    expect(screen.queryByRole("button", { name: /Buy/ })).toBeNull();
    const settle = requests.find((request) => request.path === "/api/users/@me/buy-rank-card/finalize");
    expect(settle?.body).toBe(JSON.stringify({ checkout: "cs_test_abc" }));
    expect(screen.getByRole("img", { name: text.alt }).getAttribute("src")).toBe(`/api/plugins/levels/guilds/${GUILD}/rank-card/@me`);
  });

  it("back from a pending checkout: says so and checks again on request", async () => {
    window.history.replaceState(null, "", `/en?purchase=cs_test_slow#rank-card`);
    document.cookie = "gh_signed_in=1; path=/";
    api["GET /api/users/@me/managed-guilds"] = { status: 200, body: [] };
    api["POST /api/users/@me/buy-rank-card/finalize"] = { status: 200, body: { status: "pending", owned: false } };
    renderDialog(null);
    const result = await screen.findByTestId("rank-card-purchase-result");
    await waitFor(() => expect(result.textContent).toContain(text.result.pending));
    api["POST /api/users/@me/buy-rank-card/finalize"] = { status: 200, body: { status: "paid", owned: true } };
    fireEvent.click(screen.getByRole("button", { name: text.result.checkAgain }));
    await waitFor(() => expect(result.textContent).toBe(text.result.paid));
    expect(await screen.findByTestId("rank-card-unlocked")).toBeTruthy();
  });

  it("back from a cancelled checkout: says nothing was paid, asks nothing, and still offers Buy", async () => {
    window.history.replaceState(null, "", `/en/dashboard/${GUILD}?purchase=cancelled#rank-card`);
    renderDialog();
    const result = await screen.findByTestId("rank-card-purchase-result");
    expect(result.textContent).toBe(text.result.failed);
    expect(result.getAttribute("role")).toBe("alert");
    expect(await screen.findByRole("button", { name: "Buy for $4.99" })).toBeTruthy();
    expect(requests.some((request) => request.path.includes("finalize"))).toBe(false);
  });

  it("a reference that is not the user's reads as not paid", async () => {
    window.history.replaceState(null, "", `/en/dashboard/${GUILD}?purchase=cs_test_theirs#rank-card`);
    api["POST /api/users/@me/buy-rank-card/finalize"] = { status: 404, body: { code: "purchase_checkout_not_found", status_code: 404, message: "Not found." } };
    renderDialog();
    const result = await screen.findByTestId("rank-card-purchase-result");
    await waitFor(() => expect(result.textContent).toBe(text.result.failed));
  });
});

describe("RankCardDialog outside a guild (the landing page)", () => {
  it("stays closed for a visitor who is not signed in, asking nothing", () => {
    window.history.replaceState(null, "", "/en#rank-card");
    renderDialog(null);
    expect(screen.queryByTestId("rank-card-dialog")).toBeNull();
    expect(requests).toEqual([]);
  });

  it("shows the card of a server the user manages with the bot, picked in a labelled list", async () => {
    window.history.replaceState(null, "", "/en#rank-card");
    document.cookie = "gh_signed_in=1; path=/";
    api["GET /api/users/@me/managed-guilds"] = {
      status: 200,
      body: [
        { id: GUILD, name: "Workshop", bot_present: true },
        { id: "280084300022546617", name: "Pixel Raiders", bot_present: false },
        { id: OTHER, name: "Night Owls", bot_present: true },
      ],
    };
    renderDialog(null);
    const server = await screen.findByRole("combobox", { name: "Server" });
    expect([...(server as HTMLSelectElement).options].map((option) => option.textContent)).toEqual(["Workshop", "Night Owls"]);
    await waitFor(() => expect(screen.getByRole("img", { name: text.alt }).getAttribute("src")).toBe(`/api/plugins/levels/guilds/${GUILD}/rank-card/@me`));
    fireEvent.change(server, { target: { value: OTHER } });
    expect(screen.getByRole("img", { name: text.alt }).getAttribute("src")).toBe(`/api/plugins/levels/guilds/${OTHER}/rank-card/@me`);
  });

  it("says where the card shows when the user manages no server with the bot", async () => {
    window.history.replaceState(null, "", "/fr#rank-card");
    document.cookie = "gh_signed_in=1; path=/";
    api["GET /api/users/@me/managed-guilds"] = { status: 200, body: [] };
    renderDialog(null);
    expect(await screen.findByText(text.servers.noServers)).toBeTruthy();
    expect(screen.getByRole("link", { name: text.servers.openServers }).getAttribute("href")).toBe("/en/dashboard");
    expect(screen.queryByRole("img")).toBeNull();
  });
});
