import { z } from "zod";
import { setEnv } from "@/test/set-env";
import { cookieName, cookieOptions, seal, unseal } from "./cookie";
import { SESSION_COOKIE, type Session } from "./session-cookie";

const session: Session = { v: 2, sid: "s".repeat(43), userId: "158954752913309807", accessToken: "a", refreshToken: "r", expiresAt: 1, scope: "identify", createdAt: 1 };

afterEach(() => setEnv({ APP_URL: "http://localhost:3000", SESSION_SECRET: "test-secret-test-secret-test-secret-0123456789" }));

describe("sealed cookies", () => {
  it("are HttpOnly and Lax, and Secure with the __Host- prefix over HTTPS", () => {
    expect(cookieName(SESSION_COOKIE)).toBe("gh_session");
    expect(cookieOptions(SESSION_COOKIE)).toMatchObject({ httpOnly: true, sameSite: "lax", secure: false, path: "/" });
    setEnv({ APP_URL: "https://guildhall.example" });
    expect(cookieName(SESSION_COOKIE)).toBe("__Host-gh_session");
    expect(cookieOptions(SESSION_COOKIE)).toMatchObject({ secure: true, path: "/" });
  });

  it("round-trip and hide their content", async () => {
    const sealed = await seal(SESSION_COOKIE, session);
    expect(sealed).not.toContain("refreshToken");
    expect(await unseal(SESSION_COOKIE, sealed)).toEqual(session);
  });

  it("read as absent when tampered, truncated, empty, oversized or sealed with another key", async () => {
    const sealed = await seal(SESSION_COOKIE, session);
    for (const bad of [sealed.replace(/.$/, (c) => (c === "A" ? "B" : "A")), sealed.slice(0, sealed.length / 2), "", "x".repeat(10_000), "Fe26.2*1*2*3"]) {
      expect(await unseal(SESSION_COOKIE, bad)).toBeNull();
    }
    setEnv({ SESSION_SECRET: "another-secret-another-secret-another-0123" });
    expect(await unseal(SESSION_COOKIE, sealed)).toBeNull();
  });

  it("read the same when read again (kept briefly), and never open under another key", async () => {
    const sealed = await seal(SESSION_COOKIE, session);
    expect(await unseal(SESSION_COOKIE, sealed)).toEqual(session);
    expect(await unseal(SESSION_COOKIE, sealed)).toEqual(session);
    expect(await unseal({ ...SESSION_COOKIE, schema: z.object({ v: z.literal(3) }) }, sealed)).toBeNull();
    setEnv({ SESSION_SECRET: "another-secret-another-secret-another-0123" });
    expect(await unseal(SESSION_COOKIE, sealed)).toBeNull();
  });

  it("read as absent when the content has the wrong shape", async () => {
    const sealed = await seal(SESSION_COOKIE, { ...session, userId: "not-an-id" });
    expect(await unseal(SESSION_COOKIE, sealed)).toBeNull();
  });

  it("read a session cookie of version 1 (no session id, so not revocable) as absent", async () => {
    const { v: _v, sid: _sid, ...tokens } = session;
    const anyShape = { ...SESSION_COOKIE, schema: z.unknown() };
    expect(await unseal(SESSION_COOKIE, await seal(anyShape, { v: 1, ...tokens }))).toBeNull();
    expect(await unseal(SESSION_COOKIE, await seal(anyShape, { ...tokens, v: 2 }))).toBeNull();
  });
});
