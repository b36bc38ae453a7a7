/** @jest-environment node */
import { unseal } from "./cookie";
import { sealSession } from "./browser-cookies";
import { SESSION_COOKIE, SESSION_LIFETIME_MS, type Session } from "./session-cookie";

const MINUTE_MS = 60_000;
const signedIn = (createdAt: number): Session => ({ v: 2, sid: "s".repeat(43), userId: "158954752913309807", accessToken: "a", refreshToken: "r", expiresAt: createdAt + 7 * 24 * 60 * MINUTE_MS, scope: "identify", createdAt });

afterEach(() => jest.useRealTimers());

describe("a sealed session cookie", () => {
  it("stops opening at the record's absolute end, however late it was sealed (a token refresh on the last day)", async () => {
    const now = Date.now();
    jest.useFakeTimers({ now, doNotFake: ["nextTick", "setImmediate", "queueMicrotask", "setTimeout", "setInterval", "clearTimeout", "clearInterval", "performance"] });
    const session = signedIn(now - SESSION_LIFETIME_MS + 10 * MINUTE_MS);
    const sealed = await sealSession(session);
    expect(await unseal(SESSION_COOKIE, sealed)).toEqual(session);
    // Past the kept-unsealed minute and the record's end (iron allows a minute of clock skew).
    jest.setSystemTime(now + 12 * MINUTE_MS);
    expect(await unseal(SESSION_COOKIE, sealed)).toBeNull();
  });
});
