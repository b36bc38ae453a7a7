/** @jest-environment node */
import { count, eq, inArray, like, or, sql } from "drizzle-orm";
import { GET as login } from "@/app/api/login/route";
import { MAX_PENDING_LOGIN_STATES } from "@/lib/auth/login-states";
import { getDb } from "@/lib/db/client";
import { loginStates } from "@/lib/db/schema";
import { call } from "@/test/route-client";

// GET /api/login is anonymous: every call stores a state. These check the table
// stays bounded however often it is called.

beforeAll(() => getDb()); // opening and migrating the database is not part of any test's budget
afterEach(async () => {
  const db = await getDb();
  await db.delete(loginStates).where(or(like(loginStates.state, "flood-%"), like(loginStates.state, "aged-%")));
});

/** An anonymous visitor starting a sign-in (no cookies kept between calls); returns the stored state. */
async function startAnonymousLogin(): Promise<string> {
  const response = await call(login, "/api/login?locale=en");
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!).searchParams.get("state")!;
}

async function pendingStates(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(loginStates);
  return row!.n;
}

describe("pending login states", () => {
  it("are deleted once older than their lifetime when another login starts", async () => {
    const db = await getDb();
    const stale = `aged-stale-${Date.now()}`;
    const fresh = `aged-fresh-${Date.now()}`;
    await db.insert(loginStates).values([
      { state: stale, createdAt: new Date(Date.now() - 11 * 60 * 1000) },
      { state: fresh, createdAt: new Date(Date.now() - 9 * 60 * 1000) },
    ]);
    await startAnonymousLogin();
    const left = await db.select().from(loginStates).where(inArray(loginStates.state, [stale, fresh]));
    expect(left.map((row) => row.state)).toEqual([fresh]);
  });

  it(`are capped at ${MAX_PENDING_LOGIN_STATES}, the oldest giving way, however often anonymous logins start`, async () => {
    const db = await getDb();
    // Only this test's rows, also on a PostgreSQL shared by earlier test files (run one at a time there).
    await db.delete(loginStates);
    // A loop that already filled the table: distinct ages, the first one oldest.
    await db.execute(sql`
      insert into login_states (state, created_at)
      select 'flood-' || i, now() - interval '5 minutes' + i * interval '1 millisecond'
      from generate_series(1, ${MAX_PENDING_LOGIN_STATES}) as i`);
    expect(await pendingStates()).toBe(MAX_PENDING_LOGIN_STATES);

    const started: string[] = [];
    for (let i = 0; i < 5; i++) started.push(await startAnonymousLogin());

    expect(await pendingStates()).toBe(MAX_PENDING_LOGIN_STATES);
    const ours = await db.select().from(loginStates).where(inArray(loginStates.state, started));
    expect(ours).toHaveLength(started.length);
    const evicted = ["flood-1", "flood-2", "flood-3", "flood-4", "flood-5"];
    expect(await db.select().from(loginStates).where(inArray(loginStates.state, evicted))).toEqual([]);
    expect(await db.select().from(loginStates).where(eq(loginStates.state, "flood-6"))).toHaveLength(1);
  });
});
