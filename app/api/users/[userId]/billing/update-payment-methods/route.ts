// GET /api/users/@me/billing/update-payment-methods (spec 7): `{ url }` of the provider's portal,
// where the signed-in user changes the card their subscriptions are paid with. That portal is the
// one /billing/session answers, so this path shares its handler (only the user themselves).
export { GET } from "../session/route";
