// How often each provider is checked: live streams every minute; uploads, posts and feeds
// every few minutes, within what their APIs allow an app (YouTube's daily quota, X's and
// Instagram's per-app windows) and what owners expect of MEE6-like alerts. Each divides 60, so
// the checks fall at the same minutes every hour (the delivery log tells the next one).
import type { ProviderId } from "@/lib/providers/types";

export const CHECK_EVERY_MINUTES: Record<ProviderId, 1 | 2 | 5 | 10> = {
  twitch: 1,
  kick: 1,
  youtube: 5,
  reddit: 2,
  rss: 5,
  podcasts: 10,
  twitter: 5,
  tiktok: 10,
  instagram: 10,
};

/** The cron of a provider's checks (UTC). */
export const checkCron = (provider: ProviderId) => (CHECK_EVERY_MINUTES[provider] === 1 ? "* * * * *" : `*/${CHECK_EVERY_MINUTES[provider]} * * * *`);
