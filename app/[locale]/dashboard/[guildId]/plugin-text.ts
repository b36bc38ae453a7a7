import "server-only";
import { getTranslations } from "next-intl/server";
import type { FieldTexts, FormField } from "@/components/settings-form/types";
import type { Locale } from "@/lib/i18n/locales";
import type { PluginCategory } from "@/lib/plugins/types";

// Plugin names, descriptions and field labels come from the "plugins" messages
// (messages/plugins/<locale>.json). A missing entry falls back to readable text
// made from the id, so a new plugin or field never shows a raw message key.

type Translator = { (key: string): string; has(key: string): boolean };

export type PluginText = {
  name: (id: string) => string;
  description: (id: string) => string;
  category: (category: PluginCategory) => string;
  /** Labels of a plugin's config fields, or of one collection's item fields. */
  fields: (pluginId: string, fields: readonly FormField[], collection?: string) => FieldTexts;
  collection: (pluginId: string, collection: string, key: "title" | "add" | "empty" | "example") => string | undefined;
  /** Titles of the plugin's config sections (PluginDefinition.sections), by id. */
  sections: (pluginId: string, ids: readonly string[]) => Record<string, string>;
  /** "Twitch · Streamers"; just "Custom commands" when the list is named like its plugin. */
  collectionLabel: (pluginId: string, collection: string) => string;
};

export function humanize(id: string): string {
  const words = id.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export async function getPluginText(locale: Locale): Promise<PluginText> {
  const t = (await getTranslations({ locale, namespace: "plugins" })) as unknown as Translator;
  const text = (key: string) => (t.has(key) ? t(key) : undefined);

  function collectFields(out: FieldTexts, bases: readonly string[], fields: readonly FormField[], prefix: string) {
    for (const field of fields) {
      // Row fields of an object list sit beside the list's label ("pairs.emoji") or under "fields".
      const key = bases.map((base) => `${base}.${field.name}`).find((candidate) => t.has(`${candidate}.label`)) ?? `${bases[0]}.${field.name}`;
      const options = Object.fromEntries(
        (field.options ?? field.itemOptions ?? []).flatMap((option) => {
          const label = text(`${key}.options.${option}`);
          return label ? [[option, label]] : [];
        }),
      );
      // Absent keys rather than undefined ones: each would travel as "$undefined" in the page's payload.
      const help = text(`${key}.help`);
      out[`${prefix}${field.name}`] = {
        label: text(`${key}.label`) ?? humanize(field.name),
        ...(help !== undefined ? { help } : {}),
        ...(Object.keys(options).length ? { options } : {}),
      };
      if (field.itemFields) collectFields(out, [key, `${key}.fields`], field.itemFields, `${prefix}${field.name}.`);
    }
  }

  return {
    name: (id) => text(`${id}.name`) ?? humanize(id),
    description: (id) => text(`${id}.description`) ?? "",
    category: (category) => text(`categories.${category}`) ?? humanize(category),
    fields: (pluginId, fields, collection) => {
      const out: FieldTexts = {};
      collectFields(out, [collection ? `${pluginId}.collections.${collection}.fields` : `${pluginId}.fields`], fields, "");
      return out;
    },
    collection: (pluginId, collection, key) => text(`${pluginId}.collections.${collection}.${key}`),
    sections: (pluginId, ids) => Object.fromEntries(ids.map((id) => [id, text(`${pluginId}.sections.${id}`) ?? humanize(id)])),
    collectionLabel: (pluginId, collection) => {
      const plugin = text(`${pluginId}.name`) ?? humanize(pluginId);
      const title = text(`${pluginId}.collections.${collection}.title`) ?? humanize(collection);
      return title === plugin ? plugin : `${plugin} · ${title}`;
    },
  };
}
