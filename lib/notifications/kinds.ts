// What a notification can say (spec 4, 7), each drawn in the reader's language from its kind and
// params (messages/*.json, nav.notifications.kinds), never stored as text. Every kind is about a
// guild; its params name what the sentence needs.

export const NOTIFICATION_KINDS = [
  /** The buyer's subscription renewed: { plan, until } (an ISO date). */
  "subscription_renewed",
  /** The buyer's subscription could not be charged (past due): { plan }. */
  "subscription_payment_failed",
  /** A social alert paused itself (its source is gone, the channel is gone…): { plugin, reason }. */
  "alert_paused",
  /** Another post that runs by itself (a timer, a giveaway, birthdays…) failed and stopped: { plugin, reason }. */
  "delivery_failed",
  /** The platform refused the custom bot's token: the bot is off. */
  "custom_bot_blocked",
  /** Another manager changed the guild's settings: { plugin } ("" for the server's own), { by } their name, { by_id }. */
  "settings_changed",
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationParams = Record<string, string>;

export type NewNotification = { userId: string; kind: NotificationKind; guildId: string; params: NotificationParams };
