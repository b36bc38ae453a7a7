// What an owner may do to a subscription (POST /api/guilds/{id}/subscription/{action}). Pure and
// client-safe: the route, the server's strings and the Subscription section read the one list.
export const SUBSCRIPTION_ACTIONS = ["cancel", "pause", "resume", "reactivate", "extend"] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];
