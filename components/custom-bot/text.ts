import type { PresenceActivityType, PresenceStatus } from "@/lib/custom-bot/presence-options";

// The custom bot page's words (messages/<locale>.json "customBot"), templates kept raw: the
// island fills {name} {date} {server} {url} itself. Client-safe.

export type CustomBotText = {
  upsell: { title: string; body: string; link: string };
  lapsed: string;
  setup: { title: string; intro: string; portal: string; token: string; tokenHint: string; enable: string; checking: string; enabled: string };
  newToken: { title: string; intro: string; save: string; saved: string; otherBot: string };
  card: {
    title: string;
    id: string;
    avatarAlt: string;
    since: string;
    lastError: string;
    status: Record<"active" | "disabled" | "blocked", string>;
    reason: Record<"owner" | "subscription_ended" | "token_refused", string>;
  };
  blocked: { title: string; body: string; acknowledge: string; acknowledged: string };
  invite: { button: string; waiting: string; hint: string; added: string };
  presence: {
    title: string;
    status: string;
    statuses: Record<PresenceStatus, string>;
    activity: string;
    activities: Record<PresenceActivityType, string>;
    name: string;
    url: string;
    urlHint: string;
    save: string;
    saved: string;
  };
  avatar: { title: string; label: string; hint: string; upload: string; uploading: string; uploaded: string };
  backstory: { title: string; intro: string; enable: string; channels: string; channelsHint: string; noChannels: string; save: string; saved: string };
  disable: { button: string; title: string; description: string; confirm: string; back: string; busy: string; done: string };
  saving: string;
  failed: string;
};
