/** @jest-environment jsdom */
import { act, renderHook } from "@testing-library/react";
import { LOGIN_MESSAGE_TYPE, POPUP_SIZE, type LoginMessage } from "./popup";
import { useAuthPopup } from "./use-auth-popup";

// The popup flow shared by the login and add-bot buttons: waiting, closing, messages, blocked popups.

const post = (data: unknown, origin = window.location.origin) => act(() => void window.dispatchEvent(new MessageEvent("message", { data, origin })));
const message: LoginMessage = { type: LOGIN_MESSAGE_TYPE, redirect: "/en/dashboard" };

function setup() {
  const received: [LoginMessage, boolean][] = [];
  const hook = renderHook(() => useAuthPopup<LoginMessage>({ name: "test", size: POPUP_SIZE.login, messageType: LOGIN_MESSAGE_TYPE, onMessage: (data, waiting) => received.push([data, waiting]) }));
  return { hook, received };
}

afterEach(() => jest.restoreAllMocks());

describe("useAuthPopup", () => {
  it("waits while the popup is open and stops once it is closed", () => {
    jest.useFakeTimers();
    const popup = { closed: false } as Window;
    const open = jest.spyOn(window, "open").mockReturnValue(popup);
    const { hook } = setup();
    act(() => hook.result.current.open("/api/login?x=1", "/api/login?x=1&popup=1"));
    expect(open).toHaveBeenCalledWith("/api/login?x=1&popup=1", "test", expect.stringContaining("width=800,height=777"));
    expect(hook.result.current.waiting).toBe(true);
    act(() => void jest.advanceTimersByTime(1000));
    expect(hook.result.current.waiting).toBe(true);
    (popup as { closed: boolean }).closed = true;
    act(() => void jest.advanceTimersByTime(1000));
    expect(hook.result.current.waiting).toBe(false);
    jest.useRealTimers();
  });

  it("hands over messages of its type from this origin, saying whether it still waits", () => {
    jest.spyOn(window, "open").mockReturnValue({ closed: false } as Window);
    const { hook, received } = setup();
    post(message);
    act(() => hook.result.current.open("/api/login"));
    post(message);
    post(message, "https://elsewhere.example");
    post({ type: "other" });
    act(() => hook.result.current.stop());
    post(message);
    expect(received).toEqual([
      [message, false],
      [message, true],
      [message, false],
    ]);
  });

  it("continues full page when popups are blocked", () => {
    jest.spyOn(window, "open").mockReturnValue(null);
    const { hook } = setup();
    // A hash change: the one navigation jsdom performs.
    act(() => hook.result.current.open("#consent"));
    expect(window.location.hash).toBe("#consent");
    expect(hook.result.current.blocked).toBe(true);
    expect(hook.result.current.waiting).toBe(false);
  });
});
