import "server-only";
import { getTranslations } from "next-intl/server";
import { DELIVERY_ERRORS } from "@/lib/deliveries/failures";
import type { Locale } from "@/lib/i18n/locales";
import type { DeliveryLogText } from "./delivery-log-frame";
import { LazyDeliveryLog } from "./lazy-delivery-log";

const KEYS = ["title", "intro", "loading", "failed", "retry", "item", "wholePlugin", "lastChecked", "lastPosted", "nextRun", "status", "never", "ok", "paused", "openMessage", "providerWaiting", "soon"] as const;
/** Parts of a plugin without items that log on their own rows. */
const PARTS = ["members_counter", "online_counter", "boosts_counter"] as const;

/** The delivery log of a plugin page (lib/deliveries/log.ts says which plugins have one). */
export async function DeliveryLogSection({ guildId, pluginId, locale }: { guildId: string; pluginId: string; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "deliveryLog" });
  const text = {
    ...Object.fromEntries(KEYS.map((key) => [key, t.raw(key) as string])),
    errors: Object.fromEntries(DELIVERY_ERRORS.map((code) => [code, t.raw(`errors.${code}`) as string])),
    parts: Object.fromEntries(PARTS.map((part) => [part, t.raw(`parts.${part}`) as string])),
  } as DeliveryLogText;
  return <LazyDeliveryLog guildId={guildId} pluginId={pluginId} locale={locale} text={text} />;
}
