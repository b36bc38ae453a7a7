import "server-only";
import { fill } from "@/lib/i18n/fill";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import type { NotificationRow } from "./store";

// A notification's sentence in the reader's language, drawn when it is read (the list, the live
// stream): from nav.notifications.kinds, the plugin's name (messages/plugins) and, for a paused
// post, the delivery log's reason (deliveryLog.errors). Nothing is stored as text, so a reader
// who switches language reads every notification in the new one.

type Texts = {
  kinds: Record<string, string>;
  someServer: string;
  reasons: Record<string, string>;
  plans: Record<string, string>;
  plugins: Record<string, { name?: string }>;
};

const loaded = new Map<Locale, Promise<Texts>>();

function texts(locale: Locale): Promise<Texts> {
  let held = loaded.get(locale);
  if (!held) {
    held = Promise.all([import(`../../messages/${locale}.json`), import(`../../messages/plugins/${locale}.json`)]).then(([ui, plugins]) => ({
      kinds: ui.default.nav.notifications.kinds,
      someServer: ui.default.nav.notifications.someServer,
      reasons: ui.default.deliveryLog.errors,
      plans: ui.default.subscription.plans,
      plugins: plugins.default,
    }));
    loaded.set(locale, held);
  }
  return held;
}

/** The sentence; `guildName` as the bot sees the guild now (null when it cannot: "a server"). */
export async function notificationSentence(row: Pick<NotificationRow, "kind" | "params">, locale: Locale, guildName: string | null): Promise<string> {
  const t = await texts(locale);
  const params = row.params as Record<string, string>;
  const plugin = params.plugin ? (t.plugins[params.plugin]?.name ?? params.plugin) : "";
  const key = row.kind === "settings_changed" && !params.plugin ? "settings_changed_server" : row.kind;
  const until = params.until ? new Intl.DateTimeFormat(LANGUAGES[locale].tag, { dateStyle: "medium" }).format(new Date(params.until)) : "";
  return fill(t.kinds[key] ?? key, {
    guild: guildName ?? t.someServer,
    plugin,
    plan: t.plans[params.plan ?? ""] ?? params.plan ?? "",
    until,
    reason: t.reasons[params.reason ?? ""] ?? "",
    user: params.by ?? "",
  });
}

/** Where a click on it leads, under the reader's language prefix: the page where it is dealt with. */
export function notificationPath(row: Pick<NotificationRow, "kind" | "params" | "guildId">): string {
  if (!row.guildId) return "/dashboard";
  const plugin = (row.params as Record<string, string>).plugin;
  switch (row.kind) {
    case "custom_bot_blocked":
      return `/dashboard/${row.guildId}/custom_bot`;
    case "alert_paused":
    case "delivery_failed":
    case "settings_changed":
      return plugin ? `/dashboard/${row.guildId}/${plugin}` : `/dashboard/${row.guildId}`;
    default:
      return `/dashboard/${row.guildId}`;
  }
}
