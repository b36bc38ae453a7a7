// Which environment this deployment is (spec 9), decided in one place: development when run
// locally (a development build, or an address on this machine), staging when the page address
// contains "staging", production otherwise. Development and staging take payments in test
// mode (Stripe test keys, Chargebee's -test site, PayPal's sandbox, a test network); production
// takes them live. A key of the wrong kind stops the start (environmentProblems in lib/env.ts):
// a live key in staging would charge real cards, a test key in production would take no money.
// Pure and client-safe.

export const ENVIRONMENTS = ["development", "staging", "production"] as const;
export type AppEnvironment = (typeof ENVIRONMENTS)[number];

const LOCAL_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|[\w.-]+\.localhost)$/i;

export function environmentOf(appUrl: string, nodeEnv: string): AppEnvironment {
  const { hostname } = new URL(appUrl);
  if (nodeEnv !== "production" || LOCAL_HOST.test(hostname)) return "development";
  return appUrl.toLowerCase().includes("staging") ? "staging" : "production";
}

/** Whether payments are taken live here (only in production). */
export const takesLivePayments = (environment: AppEnvironment) => environment === "production";

/** Chains whose coins are worth money; every other chain id counts as a test network. */
export const MAINNET_CHAIN_IDS: ReadonlySet<number> = new Set([1, 10, 56, 100, 137, 250, 324, 1101, 8453, 42161, 42220, 43114, 59144, 534352]);
