import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import ar from "@/messages/plugins/ar.json";
import de from "@/messages/plugins/de.json";
import en from "@/messages/plugins/en.json";
import es from "@/messages/plugins/es.json";
import fr from "@/messages/plugins/fr.json";
import pt from "@/messages/plugins/pt.json";
import ru from "@/messages/plugins/ru.json";
import tr from "@/messages/plugins/tr.json";
import tw from "@/messages/plugins/tw.json";

// Plugin names and field labels of every language, for answers that name them outside a
// page's translations (route handlers say which field a plugin still needs in the caller's
// language). Pages use next-intl's "plugins" namespace, loaded from the same files.

type PluginMessages = { name?: string; fields?: Record<string, { label?: string }> };
const FILES = { ar, de, en, es, fr, pt, ru, tr, tw } as unknown as Record<Locale, Record<string, PluginMessages>>;

export function pluginName(locale: Locale, pluginId: string): string {
  return FILES[locale][pluginId]?.name ?? FILES.en[pluginId]?.name ?? pluginId;
}

export function fieldLabel(locale: Locale, pluginId: string, field: string): string {
  return FILES[locale][pluginId]?.fields?.[field]?.label ?? FILES.en[pluginId]?.fields?.[field]?.label ?? field;
}
