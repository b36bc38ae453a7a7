/** @jest-environment jsdom */
import { act, render, screen, waitFor } from "@testing-library/react";
import { FlagsProvider, useFlag, useVariant } from "./flags-provider";

// Flags for islands: right at first paint from the server's toggles (the client is not even
// loaded yet), then the browser flag client's answer from /api/e once it has loaded; on leaving
// the page the client posts what was read.

const GUILD = "584327784348909864";
const ON = { name: "automod_dry_run", enabled: true, variant: { name: "disabled", enabled: false }, impressionData: false };

type Call = { url: string; method: string; headers: Record<string, string>; body?: string };

/** The app's answers: /api/e with no flag on (and an ETag), 202 for metrics. */
function fakeApi(calls: Call[]) {
  globalThis.fetch = jest.fn(async (url: string | URL, init: RequestInit = {}) => {
    calls.push({ url: String(url), method: init.method ?? "GET", headers: init.headers as Record<string, string>, body: init.body as string | undefined });
    const metrics = String(url).includes("/client/metrics");
    return { ok: true, status: metrics ? 202 : 200, headers: { get: (name: string) => (name.toLowerCase() === "etag" ? '"none-on"' : null) }, json: async () => ({ toggles: [] }) } as unknown as Response;
  }) as typeof fetch;
}

function Reader() {
  return (
    <p>
      <span data-testid="flag">{useFlag("automod_dry_run") ? "on" : "off"}</span> <span data-testid="unknown">{useVariant("nobody_defined_this").name}</span>
    </p>
  );
}

beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
});

it("reads the server's toggles at first paint, then the client's from /api/e, and posts what was read on leaving", async () => {
  const calls: Call[] = [];
  fakeApi(calls);
  const view = render(
    <FlagsProvider appName="guildhall" guildId={GUILD} bootstrap={[ON]}>
      <Reader />
    </FlagsProvider>,
  );
  // Bootstrapped: no fetch yet, the flag already on, an unknown flag `disabled`.
  expect(screen.getByTestId("flag").textContent).toBe("on");
  expect(screen.getByTestId("unknown").textContent).toBe("disabled");
  expect(calls).toEqual([]);

  await waitFor(() => expect(screen.getByTestId("flag").textContent).toBe("off"));
  const fetched = new URL(calls[0]!.url);
  expect({ path: fetched.pathname, guild: fetched.searchParams.get("properties[guildId]"), session: fetched.searchParams.get("sessionId") }).toEqual({ path: "/api/e", guild: GUILD, session: expect.stringMatching(/^\d{1,9}$/) });
  // The session id every API call carries, as X-Session-ID too.
  expect(calls[0]!.headers["x-session-id"]).toBe(fetched.searchParams.get("sessionId"));

  await act(async () => view.unmount());
  const metrics = calls.find((call) => call.url.endsWith("/api/e/client/metrics"));
  expect(metrics).toMatchObject({ method: "POST", headers: { "x-xsrf-token": "test-token" } });
  expect(JSON.parse(metrics!.body!)).toMatchObject({ appName: "guildhall", bucket: { toggles: { automod_dry_run: { no: 1 } } } });
});
