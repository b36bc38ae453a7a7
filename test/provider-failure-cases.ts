// Tests only: the failures every provider adapter must report alike, run against its part of
// the social fake (emulators/social): 429 with Retry-After, 5xx, an answer in another shape.
import { ProviderError } from "@/lib/providers/errors";
import type { ProviderFailure, ProviderId } from "@/lib/providers/types";
import type { SocialHarness } from "@/test/social-harness";

export async function providerFailure(run: () => Promise<unknown>): Promise<ProviderError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error("expected a ProviderError");
}

export function expectFailure(error: ProviderError, provider: ProviderId, failure: ProviderFailure): void {
  expect({ provider: error.provider, failure: error.failure }).toEqual({ provider, failure });
}

/** 429 → rate_limited with the wait asked, then no call before it is over; 500 → unavailable; a wrong shape → bad_answer. */
export function itReportsProviderFailures(provider: ProviderId, harness: () => SocialHarness, call: () => Promise<unknown>): void {
  it("reports a 429 as rate_limited with Retry-After, and waits that long before calling again", async () => {
    await call();
    await harness().fault(provider, 429, { retryAfter: 42 });
    const error = await providerFailure(call);
    expectFailure(error, provider, "rate_limited");
    expect(error.retryAfter).toBe(42);
    const before = (await harness().calls(provider)).count;
    const again = await providerFailure(call);
    expectFailure(again, provider, "rate_limited");
    expect(again.retryAfter).toBeGreaterThan(40);
    expect((await harness().calls(provider)).count).toBe(before);
  });

  it("reports a 5xx as unavailable", async () => {
    await call();
    await harness().fault(provider, 503);
    expectFailure(await providerFailure(call), provider, "unavailable");
  });

  it("reports an answer in another shape as bad_answer", async () => {
    await call();
    await harness().fault(provider, 200);
    expectFailure(await providerFailure(call), provider, "bad_answer");
  });
}
