// The fake's fixed test credentials: the app's STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET when
// no real Stripe account is configured (npm start, tests). Stripe's own test-mode prefixes.
export const FAKE_SECRET_KEY = "sk_test_guildhall_fake";
export const FAKE_WEBHOOK_SECRET = "whsec_guildhall_fake";
/** The only card the hosted checkout page accepts, as Stripe's test mode does. */
export const TEST_CARD = "4242424242424242";
