// Fixed credentials so the app, jest and Playwright can be configured without
// talking to the emulator first. They only mean something to this emulator.

/** The Guildhall application id; Discord reuses it as the bot user's id. */
export const EMULATOR_CLIENT_ID = "1100000000000000001";
export const EMULATOR_CLIENT_SECRET = "emulator-client-secret";
export const EMULATOR_BOT_TOKEN = "emulator-bot-token";

/** ada.lovelace, the user most flows sign in as. */
export const DEMO_USER_ID = "158954752913309807";

/**
 * The Guildhall application's public key (Ed25519, hex), as the Developer Portal shows it: what
 * the app checks the emulator's webhook events with (webhook-events.ts signs them).
 */
export const EMULATOR_PUBLIC_KEY = "f7489ebc4a37be9a0e42b0b3564a02c480130cc99e973318c1c793c29c6a44b1";
