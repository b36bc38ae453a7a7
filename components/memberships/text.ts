// The Memberships texts (messages/{locale}.json "memberships"), passed raw to the islands. Client-safe.

export const ADMIN_TEXT_KEYS = [
  "plansTitle",
  "plansIntro",
  "publicPage",
  "noPlans",
  "name",
  "description",
  "price",
  "period",
  "role",
  "month",
  "year",
  "perMonth",
  "perYear",
  "add",
  "save",
  "saving",
  "cancelEdit",
  "edit",
  "delete",
  "created",
  "updated",
  "deleted",
  "failed",
] as const;
export type AdminText = Record<(typeof ADMIN_TEXT_KEYS)[number], string>;

export const PAGE_TEXT_KEYS = ["join", "joining", "switch", "switching", "switched", "current", "failed"] as const;
export type PageText = Record<(typeof PAGE_TEXT_KEYS)[number], string>;
