/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { consumeLoginState, createLoginState } from "@/lib/auth/login-states";
import { getDb } from "@/lib/db/client";
import { findUser, recordLogin } from "@/lib/users/queries";

// Runs on PGlite by default and on PostgreSQL when DATABASE_URL is set (CI runs both).

const uniqueId = () => String(100000000000000000n + BigInt(Math.floor(Math.random() * 1e15)));

describe("database", () => {
  // The first getDb() of a process applies every migration: longer than one test's budget on a busy machine.
  beforeAll(() => getDb(), 120_000);

  it("applies migrations and records a first login, then a returning one", async () => {
    const db = await getDb();
    const id = uniqueId();
    const first = await recordLogin(db, { id, username: "first", discriminator: "0", avatar: null, flags: 2 });
    expect(first.firstLogin).toBe(true);
    const again = await recordLogin(db, { id, username: "renamed", discriminator: "0", avatar: "abc" });
    expect(again.firstLogin).toBe(false);
    expect(again.row.analyticsId).toBe(first.row.analyticsId);
    const stored = await findUser(db, id);
    expect(stored).toMatchObject({ username: "renamed", avatar: "abc", flags: 0 });
  });

  it("lets a login state be consumed once", async () => {
    const db = await getDb();
    const state = await createLoginState(db);
    expect(await consumeLoginState(db, state)).toBe(true);
    expect(await consumeLoginState(db, state)).toBe(false);
    expect(await consumeLoginState(db, randomUUID())).toBe(false);
  });

  it("refuses a login state older than ten minutes", async () => {
    const db = await getDb();
    const state = await createLoginState(db, new Date(Date.now() - 11 * 60 * 1000));
    expect(await consumeLoginState(db, state)).toBe(false);
  });
});
