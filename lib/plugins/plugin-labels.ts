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
import type { NeedLabels } from "./needed-fields";

// Plugin names, field and option labels of every language, for answers that name them outside a
// page's translations (route handlers say which field a plugin still needs in the caller's
// language). Pages use next-intl's "plugins" namespace, loaded from the same files.

type FieldMessages = Record<string, { label?: string; options?: Record<string, string> }>;
type PluginMessages = { name?: string; fields?: FieldMessages; collections?: Record<string, { fields?: FieldMessages }> };
const FILES = { ar, de, en, es, fr, pt, ru, tr, tw } as unknown as Record<Locale, Record<string, PluginMessages>>;

function pluginName(locale: Locale, pluginId: string): string {
  return FILES[locale][pluginId]?.name ?? FILES.en[pluginId]?.name ?? pluginId;
}

/** The fields' messages of a plugin's config, or of one of its collections' items. */
function fieldsOf(locale: Locale, pluginId: string, collection?: string): FieldMessages | undefined {
  const plugin = FILES[locale][pluginId];
  return collection === undefined ? plugin?.fields : plugin?.collections?.[collection]?.fields;
}

function fieldLabel(locale: Locale, pluginId: string, field: string, collection?: string): string {
  return fieldsOf(locale, pluginId, collection)?.[field]?.label ?? fieldsOf("en", pluginId, collection)?.[field]?.label ?? field;
}

function optionLabel(locale: Locale, pluginId: string, field: string, value: string, collection?: string): string {
  return fieldsOf(locale, pluginId, collection)?.[field]?.options?.[value] ?? fieldsOf("en", pluginId, collection)?.[field]?.options?.[value] ?? value;
}

/** The names an unmet need is worded with (lib/plugins/needed-fields.ts), in this language. */
export function needLabels(locale: Locale, pluginId: string, collection?: string): NeedLabels {
  return {
    plugin: pluginName(locale, pluginId),
    field: (name) => fieldLabel(locale, pluginId, name, collection),
    option: (name, value) => optionLabel(locale, pluginId, name, value, collection),
  };
}
