/** @jest-environment node */
import { cached, cachedWithMeta, clearCache, invalidate, invalidatePrefix, peek } from "./cache";
import { policy } from "@/test/platform-cache-cases";

describe("platform cache (in process, without REDIS_URL)", () => {
  beforeEach(() => clearCache());

  it("cached() returns the value, cachedWithMeta() the flags, on one shared store", async () => {
    const load = jest.fn(async () => 42);
    await expect(cached("shared:k", policy, load)).resolves.toBe(42);
    await expect(cachedWithMeta("shared:k", policy, load)).resolves.toMatchObject({ value: 42, stale: false });
    expect(load).toHaveBeenCalledTimes(1);
    expect((await peek("shared:k"))?.value).toBe(42);
    await invalidatePrefix("shared:k:");
    expect((await peek("shared:k"))?.value).toBe(42);
    await cached("shared:x:k", policy, load);
    await invalidatePrefix("shared:x:");
    expect(await peek("shared:x:k")).toBeUndefined();
    await invalidate("shared:k");
    expect(await peek("shared:k")).toBeUndefined();
  });

  it("takes only prefixes the shared cache indexes: two parts or more, ending with a colon", async () => {
    for (const prefix of ["shared:", "guild:1", "guild"]) await expect(invalidatePrefix(prefix)).rejects.toThrow(/prefix ends with/);
    await expect(invalidatePrefix("guild:1:search:")).resolves.toBeUndefined();
  });
});
