import { tmpdir } from "node:os";
import { join } from "node:path";
import { TextDecoder, TextEncoder } from "node:util";

// jsdom lacks TextEncoder/TextDecoder, which browsers (and viem, in the crypto checkout island) have.
if (typeof globalThis.TextEncoder === "undefined") Object.assign(globalThis, { TextEncoder, TextDecoder });

// Tests never touch the network or the developer's data folder.
process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.APP_URL ??= "http://localhost:3000";
// Credentials of the built-in platform emulator (emulators/platform/credentials.ts).
process.env.DISCORD_CLIENT_ID ??= "1100000000000000001";
process.env.DISCORD_CLIENT_SECRET ??= "emulator-client-secret";
process.env.DISCORD_PUBLIC_KEY ??= "f7489ebc4a37be9a0e42b0b3564a02c480130cc99e973318c1c793c29c6a44b1";
process.env.DISCORD_BOT_TOKEN ??= "emulator-bot-token";
process.env.PLATFORM_EMULATOR ??= "1";
process.env.PGLITE_DIR ??= "memory://";
// The key custom bot tokens are encrypted with (lib/custom-bot/token-crypto.ts); a test of rotation sets its own.
process.env.CUSTOM_BOT_TOKEN_KEYS ??= "test-1:q7JtQ2m0c4bS9xWfH1kz3LrT8uVnYpE5aDgI6oM0sN4=";
// Budgets (lib/http/budgets.ts) out of the way: tests of one budget lower it themselves.
for (const name of ["GUILD_LISTS", "MEMBER_SEARCHES", "RENDER_UNITS", "LOGINS", "PAGES", "LEADERBOARD_SEARCHES", "CHECKOUTS"]) process.env[`RATE_LIMIT_${name}_PER_MINUTE`] ??= "100000";
// Uploads go to a throwaway folder per test process, never to .data/uploads.
process.env.UPLOADS_DIR ??= join(tmpdir(), `guildhall-test-uploads-${process.pid}`);
