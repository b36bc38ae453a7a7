import "server-only";
import { getDb } from "@/lib/db/client";
import { guildLanguage } from "@/lib/guilds/guild-language";
import { readGuildSettings } from "@/lib/guilds/settings-queries";
import { languageName } from "@/lib/i18n/language-name";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import type { RankCardWords } from "@/lib/rank-card/render";
import type { DefaultTexts } from "@/lib/templates/default-messages";
import ar from "@/messages/defaults/ar.json";
import de from "@/messages/defaults/de.json";
import en from "@/messages/defaults/en.json";
import es from "@/messages/defaults/es.json";
import fr from "@/messages/defaults/fr.json";
import pt from "@/messages/defaults/pt.json";
import ru from "@/messages/defaults/ru.json";
import tr from "@/messages/defaults/tr.json";
import tw from "@/messages/defaults/tw.json";

// The default bot messages of every language (messages/defaults/<locale>.json, by plugin and
// field), flattened to "plugin.field" keys, and the words the cards draw ("cards.rank"). Not
// next-intl messages: they hold template variables ({user.mention}) and are read for the
// guild's language, not the viewer's, in route handlers as well as pages.

type Defaults = Record<string, Record<string, string>>;
const FILES: Record<Locale, Defaults> = { ar, de, en, es, fr, pt, ru, tr, tw };

const flat = new Map<Locale, DefaultTexts>();

export function defaultTexts(locale: Locale): DefaultTexts {
  let texts = flat.get(locale);
  if (!texts) {
    texts = Object.fromEntries(Object.entries(FILES[locale]).flatMap(([plugin, fields]) => Object.entries(fields).map(([field, text]) => [`${plugin}.${field}`, text])));
    flat.set(locale, texts);
  }
  return texts;
}

/** One plugin's defaults, for the page that edits it. */
function pluginDefaultTexts(locale: Locale, pluginId: string): DefaultTexts {
  return Object.fromEntries(Object.entries(defaultTexts(locale)).filter(([key]) => key.startsWith(`${pluginId}.`)));
}

/**
 * What a plugin page's message fields show while at their default: the texts in the language
 * the bot speaks here, and that language named in the reader's ("envoyé en anglais").
 */
export function pluginDefaults(guildLanguage: Locale, reader: Locale, pluginId: string): { texts: DefaultTexts; language: string } {
  return { texts: pluginDefaultTexts(guildLanguage, pluginId), language: languageName(guildLanguage, reader) };
}

/** The language the bot speaks on this guild (its settings, else its platform locale). */
export async function botLanguage(guildId: string, platformLocale: string | null | undefined): Promise<Locale> {
  const settings = await readGuildSettings(await getDb(), guildId);
  return guildLanguage(settings.locale, platformLocale);
}

/** The defaults in the language the bot speaks on this guild. */
export async function guildDefaultTexts(guildId: string, platformLocale: string | null | undefined): Promise<DefaultTexts> {
  return defaultTexts(await botLanguage(guildId, platformLocale));
}

/** The rank card's own words in `locale` (every language has them: default-messages.test.ts), and which way it reads. */
export function rankCardWords(locale: Locale): RankCardWords {
  const texts = defaultTexts(locale);
  return { rank: texts["cards.rank"]!, level: texts["cards.level"]!, dir: LANGUAGES[locale].dir };
}
