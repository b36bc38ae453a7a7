import { defineConfig, devices } from "@playwright/test";
import { fakePortsFrom } from "./emulators/ports";

// End-to-end tests against a production build, the platform emulator and a
// throwaway PGlite database, in Debian's Chromium (no browser download).
export const APP_PORT = 3210;
// Not APP_PORT + 1: `npm start -- --instances N` puts its instances on the ports after APP_PORT (test/multi-instance).
export const EMULATOR_PORT = 3219;
export const APP_URL = `http://localhost:${APP_PORT}`;
export const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;
/** The other fakes npm start runs (Stripe, Chargebee, PayPal, social, EVM node) from here on: beside a developer's own npm start. */
export const FAKE_PORTS = fakePortsFrom(3220);
/** The flags file the test server reads (FLAGS_FILE), a copy of config/flags.json made at its start. */
export const E2E_FLAGS_FILE = ".data/e2e/flags.json";
export const SOCIAL_FAKE_URL = `http://127.0.0.1:${FAKE_PORTS.SOCIAL_FAKE_PORT}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    baseURL: APP_URL,
    trace: "retain-on-failure",
    launchOptions: chromium,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 }, launchOptions: chromium } },
  ],
  webServer: {
    // The server's own copy of the flags file: e2e/feature-flags.spec.ts turns a flag off in it.
    command: `rm -rf .data/e2e && mkdir -p .data/e2e && cp config/flags.json ${E2E_FLAGS_FILE} && node --import tsx scripts/start.ts`,
    url: `${APP_URL}/en`,
    // The first start builds the app: on a busy 2-core machine that alone can take 10 minutes.
    timeout: 1_200_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(APP_PORT),
      APP_URL,
      PLATFORM_EMULATOR_PORT: String(EMULATOR_PORT),
      ...FAKE_PORTS,
      PGLITE_DIR: ".data/e2e/pglite",
      FLAGS_FILE: E2E_FLAGS_FILE,
      DISCORD_CLIENT_ID: "",
      // No consent banner over the pages the journeys click through (analytics have their own tests).
      AMPLITUDE_API_KEY: "",
      DISCORD_CLIENT_SECRET: "",
      DISCORD_BOT_TOKEN: "",
      DATABASE_URL: "",
      SESSION_SECRET: "e2e-session-secret-e2e-session-secret-0123",
      // One browser signs in and loads pages far faster than a person (lib/http/budgets.ts).
      RATE_LIMIT_LOGINS_PER_MINUTE: "1000",
      RATE_LIMIT_PAGES_PER_MINUTE: "5000",
    },
  },
});
