// The choices of the custom bot's status and activity, as the platform names them. Apart from
// ./presence.ts so the page's island lists them without loading zod. Client-safe.

export const PRESENCE_STATUSES = ["online", "idle", "dnd", "invisible"] as const;
export const PRESENCE_ACTIVITY_TYPES = ["playing", "streaming", "listening", "watching", "competing", "custom"] as const;

export type PresenceStatus = (typeof PRESENCE_STATUSES)[number];
export type PresenceActivityType = (typeof PRESENCE_ACTIVITY_TYPES)[number];
