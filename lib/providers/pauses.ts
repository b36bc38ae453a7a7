import "server-only";
import { ProviderError } from "./errors";
import type { ProviderId } from "./types";

// A provider that asked us to wait (a 429, a throttle code, or its budget headers counting down
// to zero) is not called again before that moment: every caller gets rate_limited at once, with
// the seconds still to wait, instead of spending the app's quota on refusals.

const store = globalThis as typeof globalThis & { __guildhallProviderPauses?: Map<ProviderId, number> };

function pauses(): Map<ProviderId, number> {
  store.__guildhallProviderPauses ??= new Map();
  return store.__guildhallProviderPauses;
}

export function pauseProvider(provider: ProviderId, seconds: number): void {
  const until = Date.now() + Math.max(1, seconds) * 1000;
  if (until > (pauses().get(provider) ?? 0)) pauses().set(provider, until);
}

/** The rate_limited error for a provider that asked us to wait, the pause taken so no call goes out meanwhile. */
export function rateLimited(provider: ProviderId, seconds: number, message: string): ProviderError {
  pauseProvider(provider, seconds);
  return new ProviderError(provider, "rate_limited", message, seconds);
}

export function throwIfPaused(provider: ProviderId): void {
  const until = pauses().get(provider);
  if (until === undefined) return;
  const left = Math.ceil((until - Date.now()) / 1000);
  if (left <= 0) {
    pauses().delete(provider);
    return;
  }
  throw new ProviderError(provider, "rate_limited", `${provider} asked us to wait ${left} s`, left);
}

/** Tests (through clearProviderCache): forget every pause. */
export function clearProviderPauses(): void {
  pauses().clear();
}
