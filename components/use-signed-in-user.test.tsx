/** @jest-environment jsdom */
import type { ReactNode } from "react";

// The signed-in user store: one read shared by every island, read again on focus at most
// every 30 s, a failed read tried twice more. A fresh store per test: the module and the React
// it renders with, loaded anew (the store lives in the module).

type Hook = typeof import("./use-signed-in-user").useSignedInUser;
type Loaded = { hook: Hook; act: typeof import("react").act; show: (node: (hook: Hook) => ReactNode) => Promise<void> };
const ADA = { id: "158954752913309807", username: "ada", global_name: "Ada", avatar: null };

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function answerWith(...bodies: Array<{ status: number; body: unknown }>): jest.Mock {
  let call = 0;
  const fetch = jest.fn(async () => {
    const { status, body } = bodies[Math.min(call++, bodies.length - 1)]!;
    // jsdom has no Response: the shape apiFetch reads.
    return { ok: status >= 200 && status < 300, status, headers: new Headers({ "content-type": "application/json" }), json: async () => body, text: async () => JSON.stringify(body) };
  });
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fetch;
}

function load(): Loaded {
  let loaded: Loaded | undefined;
  jest.isolateModules(() => {
    const react = jest.requireActual<typeof import("react")>("react");
    const { createRoot } = jest.requireActual<typeof import("react-dom/client")>("react-dom/client");
    const hook = jest.requireActual<typeof import("./use-signed-in-user")>("./use-signed-in-user").useSignedInUser;
    const container = document.body.appendChild(document.createElement("div"));
    loaded = {
      hook,
      act: react.act,
      show: async (node) => {
        const Shown = () => react.createElement(react.Fragment, null, node(hook));
        await react.act(async () => createRoot(container).render(react.createElement(Shown)));
      },
    };
  });
  return loaded!;
}

function Name({ hook, testId }: { hook: Hook; testId: string }) {
  const user = hook();
  return <span data-testid={testId}>{user ? user.global_name : "…"}</span>;
}

const text = (testId: string) => document.querySelector(`[data-testid=${testId}]`)?.textContent;
const calls = (fetch: jest.Mock) => fetch.mock.calls.filter(([url]) => String(url).endsWith("/api/users/@me")).length;

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  document.body.innerHTML = "";
});

it("reads the user once for every island of the page, and again on focus only after 30 s", async () => {
  const fetch = answerWith({ status: 200, body: ADA });
  const { act, show } = load();
  await show((hook) => (
    <>
      <Name hook={hook} testId="menu" />
      <Name hook={hook} testId="preview" />
    </>
  ));
  await act(async () => {});
  expect([text("menu"), text("preview")]).toEqual(["Ada", "Ada"]);
  expect(calls(fetch)).toBe(1);

  await act(async () => void window.dispatchEvent(new Event("focus")));
  expect(calls(fetch)).toBe(1);

  const now = Date.now();
  jest.spyOn(Date, "now").mockReturnValue(now + 31_000);
  await act(async () => void window.dispatchEvent(new Event("focus")));
  expect(calls(fetch)).toBe(2);
});

it("tries a failed read twice more, then shows the user", async () => {
  jest.useFakeTimers();
  const fetch = answerWith({ status: 503, body: { message: "down" } }, { status: 503, body: { message: "down" } }, { status: 200, body: ADA });
  const { act, show } = load();
  await show((hook) => <Name hook={hook} testId="menu" />);
  expect(text("menu")).toBe("…");
  await act(async () => void (await jest.advanceTimersByTimeAsync(1_000)));
  await act(async () => void (await jest.advanceTimersByTimeAsync(2_000)));
  expect(calls(fetch)).toBe(3);
  expect(text("menu")).toBe("Ada");
});
