// Where `npm start` runs each local fake when its service is not configured. A second instance
// beside a developer's own (Playwright, the benchmarks) takes a block of its own with
// fakePortsFrom(), or every fake would clash with the first instance's.

export const FAKE_PORT_SETTINGS = ["STRIPE_FAKE_PORT", "CHARGEBEE_FAKE_PORT", "PAYPAL_FAKE_PORT", "SOCIAL_FAKE_PORT", "CRYPTO_NODE_PORT", "AMPLITUDE_FAKE_PORT"] as const;
type FakePortSetting = (typeof FAKE_PORT_SETTINGS)[number];

export const DEFAULT_FAKE_PORTS: Record<FakePortSetting, number> = {
  STRIPE_FAKE_PORT: 12111,
  CHARGEBEE_FAKE_PORT: 3101,
  PAYPAL_FAKE_PORT: 3102,
  SOCIAL_FAKE_PORT: 3104,
  CRYPTO_NODE_PORT: 8545,
  AMPLITUDE_FAKE_PORT: 3105,
};

/** The fakes on `first`, `first + 1`…, as settings for scripts/start.ts. */
export function fakePortsFrom(first: number): Record<FakePortSetting, string> {
  return Object.fromEntries(FAKE_PORT_SETTINGS.map((name, index) => [name, String(first + index)])) as Record<FakePortSetting, string>;
}

/** The port start.ts runs `name`'s fake on: the setting, else its default. */
export function fakePort(name: FakePortSetting, env: Record<string, string | undefined> = process.env): number {
  return Number(env[name] || DEFAULT_FAKE_PORTS[name]);
}
