import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { DeliveryLogSection } from "@/components/delivery-log/delivery-log-section";
import { PluginIcon } from "@/components/plugin-icon";
import { PluginSwitch } from "@/components/plugin-switch";
import { PremiumLapsedNotice } from "@/components/premium/premium-lapsed-notice";
import { PremiumPluginNotice } from "@/components/premium/premium-plugin-notice";
import { RefreshPickersButton } from "@/components/refresh-pickers-button";
import { getEmbedBuilderLabels } from "@/components/embed-builder/labels";
import { getMarkdownLabels } from "@/components/platform-markdown/labels";
import { getEmojiPickerData } from "@/components/emoji-picker/labels";
import type { ExtraVariable } from "@/components/message-editor/suggest";
import type { MessageEditorData } from "@/components/message-editor/types";
import { getSourcePickerLabels } from "@/components/source-picker/labels";
import { CollectionSection } from "@/components/settings-form/collection-section";
import { getImageFieldData } from "@/components/settings-form/image-labels";
import { isRoleUi } from "@/components/settings-form/picker-options";
import { isChannelUi } from "@/lib/plugins/channel-uis";
import { SettingsForm } from "@/components/settings-form/settings-form";
import type { FormSpec, Pickers } from "@/components/settings-form/types";
import { premiumEndedAt, usesPremium } from "@/lib/billing/lapsed";
import { getDb } from "@/lib/db/client";
import { hasDeliveryLog } from "@/lib/deliveries/log";
import { getEnv } from "@/lib/env";
import { loadGuildShell, type GuildShell } from "@/lib/guilds/guild-shell";
import { packPickers } from "@/lib/guilds/packed-pickers";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { getGuildSettings } from "@/lib/guilds/settings-queries";
import { type Locale, localeOr } from "@/lib/i18n/locales";
import { pluginDefaults } from "@/lib/plugins/default-texts";
import type { DefaultTexts } from "@/lib/templates/default-messages";
import { getGuildMember } from "@/lib/platform/bot-api";
import { configFormSpec, itemFormSpec } from "@/lib/plugins/form-spec";
import { getPlugin } from "@/lib/plugins/index";
import { listItems } from "@/lib/plugins/items";
import { getPluginState } from "@/lib/plugins/plugin-states";
import { isProviderId } from "@/lib/providers/variables";
import { pluginVariables } from "@/lib/plugins/variables";
import { sampleContext, type SampleUser } from "@/lib/templates/context";
import type { APIGuildMember } from "discord-api-types/v10";
import { collectionDisplay } from "./collection-display";
import { collectionExtras, getCollectionExtrasText } from "@/components/settings-form/collection-extras";
import { getFormStrings } from "./form-labels";
import { GuildFrame } from "./guild-frame";
import { getPluginText } from "./plugin-text";
import styles from "./plugin-page.module.css";

// The settings page of one plugin (the route files: [pluginId]/page.tsx for most plugins, and
// a folder of its own for each plugin with sections of its own, so that no plugin page loads
// another plugin's islands: a route's page loads every client component it imports).
//
// Like the overview: drawn from the guild, the plugin's configuration and the language
// only (what is per viewer is fetched by islands), rendered once per guild, plugin and
// language and served from the page cache after middleware's verdict. Every write to the
// guild expires it (lib/guilds/page-cache.ts), as does a change the platform shows; what
// changes otherwise (a job's work) shows within the routes' `revalidate`.

/** The route's params: a plugin's own folder has no [pluginId]. */
export type PluginRouteProps = { params: Promise<{ locale: string; guildId: string }> };

// First page of each collection drawn by the server; the island loads the rest on demand.
const FIRST_PAGE = 50;

/** The title of a plugin page; nothing for an unknown plugin (the page answers 404). */
export async function pluginPageMetadata(rawLocale: string, pluginId: string): Promise<Metadata> {
  const locale = localeOr(rawLocale);
  if (!getPlugin(pluginId)) return {};
  const [pluginText, t] = await Promise.all([getPluginText(locale), getTranslations({ locale, namespace: "guild" })]);
  return { title: t("pluginMetaTitle", { name: pluginText.name(pluginId) }), robots: { index: false } };
}

/** What a plugin's own sections get from the page. */
export type PluginPageParts = {
  locale: Locale;
  guildId: string;
  guildName: string;
  pluginName: string;
  config: Record<string, unknown>;
  enabled: boolean;
  /** A premium plugin on a free server: shown, not editable. */
  locked: boolean;
  /** Text channels and the rest, as the pickers have them. */
  channels: Pickers["channels"];
};

/** A plugin's sections of its own, by where they go, and the settings form without fields they edit. */
export type PluginExtras = {
  /** Above the settings (a linked account, the music player). */
  top?: (parts: PluginPageParts) => ReactNode;
  /** Between the settings and the collections (card editors, admin tools). */
  middle?: (parts: PluginPageParts) => ReactNode;
  /** After the collections (giveaway draws). */
  bottom?: (parts: PluginPageParts) => ReactNode;
  spec?: (spec: FormSpec) => FormSpec;
  /** The plugin draws its collections in its own sections (the automation editor): the generic lists are left out. */
  ownCollections?: true;
};

/** Message fields (ui "message") get the message editor, which needs pickers, a preview sample and member names; so do embed builders. */
function usesMessages(spec: FormSpec): boolean {
  return spec.fields.some((field) => field.ui === "message" || field.ui === "embeds" || (field.itemFields ? usesMessages({ fields: field.itemFields }) : false));
}

/** Embed lists (ui "embeds") get the embed builder: its strings and the guild's default embed colour. */
function usesEmbeds(spec: FormSpec): boolean {
  return spec.fields.some((field) => field.ui === "embeds");
}

/** Date-time, time-zone and colour fields (embeds hold colours) get the pickers' strings. */
function usesPickerText(spec: FormSpec): boolean {
  const kinds = ["datetime", "timezone", "color", "embeds"];
  return spec.fields.some((field) => kinds.includes(field.ui ?? "") || (field.itemFields ? usesPickerText({ fields: field.itemFields }) : false));
}

/** Date-time fields start in the guild's time zone. */
function usesDateTimes(spec: FormSpec): boolean {
  return spec.fields.some((field) => field.ui === "datetime" || (field.itemFields ? usesDateTimes({ fields: field.itemFields }) : false));
}

/** Emoji fields (ui "emoji") get the emoji picker, which needs the guild id, its strings and the emoji data's URL. */
function usesEmoji(spec: FormSpec): boolean {
  return spec.fields.some((field) => field.ui === "emoji" || (field.itemFields ? usesEmoji({ fields: field.itemFields }) : false));
}

/** Image fields (ui "image") get the upload control, which needs the guild, the plugin and its strings. */
function usesImages(spec: FormSpec): boolean {
  return spec.fields.some((field) => field.ui === "image" || (field.itemFields ? usesImages({ fields: field.itemFields }) : false));
}

/** Pickers only travel to the browser when some field needs them (message editors suggest channels and roles). */
function usesPickers(spec: FormSpec): boolean {
  return usesMessages(spec) || spec.fields.some((field) => isChannelUi(field.ui) || isRoleUi(field.ui) || (field.itemFields ? usesPickers({ fields: field.itemFields }) : false));
}

/** The saved settings the collection's blank fields fall back to (a subscription's message → the default message), by name. */
function fallbacksOf(spec: FormSpec, config: Record<string, unknown>): Record<string, unknown> | undefined {
  const names = spec.fields.flatMap((field) => (field.fallback ? [field.fallback] : []));
  return names.length > 0 ? Object.fromEntries(names.map((name) => [name, config[name]])) : undefined;
}

// Member mentions the stored messages hold are named in the preview; past this many they read "@unknown-user".
const MAX_NAMED_MEMBERS = 25;
const USER_MENTION = /<@!?(\d{17,20})>/g;

/** The member shown as `{user}` before the browser puts the signed-in user in. */
function standIn(id: string, member: APIGuildMember | null): SampleUser {
  const user = member?.user;
  return user ? { id: user.id, username: user.username, global_name: user.global_name, avatar: user.avatar } : { id, username: "member", global_name: null, avatar: null };
}

async function memberName(guildId: string, userId: string): Promise<string | undefined> {
  try {
    const member = await getGuildMember(guildId, userId);
    return member ? member.nick || member.user.global_name || member.user.username : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the message editors share: the preview sample (this server; its owner stands in for
 * `{user}` until the browser knows who is looking), member names, strings.
 */
async function messageEditorData(locale: Locale, state: GuildShell, channels: Pickers["channels"], stored: unknown, characters: string, defaults: DefaultTexts): Promise<MessageEditorData> {
  const { guild } = state;
  const mentioned = new Set([guild.owner_id, ...Array.from(JSON.stringify(stored ?? null).matchAll(USER_MENTION), (match) => match[1] ?? "")]);
  const ids = [...mentioned].filter(Boolean).slice(0, MAX_NAMED_MEMBERS);
  const [owner, bot, names, t, markdown] = await Promise.all([
    getGuildMember(guild.id, guild.owner_id).catch(() => null),
    getGuildMember(guild.id, getEnv().DISCORD_CLIENT_ID).catch(() => null),
    Promise.all(ids.map(async (id) => [id, await memberName(guild.id, id)] as const)),
    getTranslations({ locale, namespace: "messageEditor" }),
    getMarkdownLabels(locale),
  ]);
  const context = sampleContext(
    {
      id: guild.id,
      name: guild.name,
      icon: guild.icon,
      owner_id: guild.owner_id,
      member_count: guild.member_count,
      verification_level: guild.verification_level,
      joined_at: bot?.joined_at ?? null,
      channels,
    },
    standIn(guild.owner_id, owner),
    { cdnBase: getEnv().DISCORD_CDN_URL, planName: state.premium ? "Premium" : null, defaults },
  );
  // Templates go over raw: the island fills {count} and the hint's {variable} {channel} {mention} keys itself.
  const raw = (key: string) => t.raw(key) as string;
  return {
    guildId: guild.id,
    context,
    members: Object.fromEntries(names.flatMap(([id, name]) => (name ? [[id, name]] : []))),
    labels: {
      characters,
      hint: raw("hint"),
      suggestions: raw("suggestions"),
      suggestionCount: raw("suggestionCount"),
      noSuggestions: raw("noSuggestions"),
      searching: raw("searching"),
      role: raw("role"),
      preview: raw("preview"),
      previewEmpty: raw("previewEmpty"),
      markdown,
    },
  };
}

/** The plugin's own message variables (an alert's, a birthday's) with their descriptions, for the editor's `{` menu. */
async function ownVariables(locale: Locale, pluginId: string): Promise<ExtraVariable[]> {
  const names = pluginVariables(pluginId);
  if (names.length === 0) return [];
  const t = await getTranslations({ locale, namespace: "pluginVariables" });
  return names.map((name) => ({ name, description: t(name) }));
}

export async function PluginPage({ params, pluginId, extras = {} }: PluginRouteProps & { pluginId: string; extras?: PluginExtras }) {
  const { locale: raw, guildId } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const plugin = getPlugin(pluginId);
  if (!plugin) notFound();
  const state = await loadGuildShell(guildId, pluginId);

  const spec = (extras.spec ?? ((own: FormSpec) => own))(configFormSpec(plugin) as FormSpec);
  const collections = Object.entries(extras.ownCollections ? {} : plugin.collections).map(([name, definition]) => ({ name, definition, spec: itemFormSpec(plugin, name) as FormSpec }));
  const needsPickers = usesPickers(spec) || collections.some((collection) => usesPickers(collection.spec));
  const specs = [spec, ...collections.map((collection) => collection.spec)];
  const [stored, pickerData, lists, strings, pluginText, t, tc] = await Promise.all([
    getPluginState(guildId, pluginId),
    needsPickers ? getGuildPickers(guildId) : null,
    Promise.all(collections.map((collection) => listItems(guildId, pluginId, collection.name, { limit: FIRST_PAGE, offset: 0 }))),
    getFormStrings(locale, { pickers: specs.some(usesPickerText), pluginId, buffs: state.buffs }),
    getPluginText(locale),
    getTranslations({ locale, namespace: "guild" }),
    getTranslations({ locale, namespace: "common" }),
  ]);
  if (!stored) notFound();
  // Messages still at their default are drawn in the language the bot speaks here.
  const defaultTexts = pluginDefaults(state.language, locale, pluginId);
  const pickers: Pickers = pickerData ? { channels: pickerData.channels, roles: pickerData.roles } : { channels: [], roles: [] };
  const needsMessages = usesMessages(spec) || collections.some((collection) => usesMessages(collection.spec));
  const needsEmbeds = usesEmbeds(spec) || collections.some((collection) => usesEmbeds(collection.spec));
  const needsEmoji = usesEmoji(spec) || collections.some((collection) => usesEmoji(collection.spec));
  const [editorData, embedBuilder, guildSettings, emojiPicker, imageField] = await Promise.all([
    needsMessages ? messageEditorData(locale, state, pickers.channels, [stored.config, lists.map((list) => list.items)], strings.labels.characters, defaultTexts.texts) : undefined,
    needsEmbeds ? getEmbedBuilderLabels(locale) : undefined,
    needsEmbeds || specs.some(usesDateTimes) ? getGuildSettings(guildId) : undefined,
    needsEmoji ? getEmojiPickerData(locale, guildId) : undefined,
    specs.some(usesImages) ? getImageFieldData(locale, guildId, pluginId) : undefined,
  ]);
  const withColor = editorData && guildSettings ? { ...editorData, defaultEmbedColor: guildSettings.defaultEmbedColor } : editorData;
  const variables = withColor ? await ownVariables(locale, pluginId) : [];
  const messageEditor = withColor && variables.length > 0 ? { ...withColor, sourceVariables: variables } : withColor;
  const [extrasText, displays, sourcePicker] = await Promise.all([
    collections.length > 0 ? getCollectionExtrasText(locale) : null,
    Promise.all(collections.map((collection) => collectionDisplay(pluginId, collection.name, guildId, locale, state.language))),
    isProviderId(pluginId) ? getSourcePickerLabels(locale) : undefined,
  ]);
  const name = pluginText.name(pluginId);
  const description = pluginText.description(pluginId);
  const locked = plugin.premium && !state.premium;
  const listed = collections.map((collection, index) => ({ collection: collection.name, ...lists[index]! }));
  // Premium ended while these settings use it: they are kept, not applied, and the page says since when.
  const premiumEnded = !state.premium && usesPremium(plugin, stored, listed) ? await premiumEndedAt(await getDb(), guildId) : null;
  const packedPickers = packPickers(pickers);
  const parts: PluginPageParts = { locale, guildId, guildName: state.guild.name, pluginName: name, config: stored.config, enabled: stored.enabled, locked, channels: pickers.channels };
  const context = { texts: {}, labels: strings.labels, pickers: packedPickers, premiumGuild: state.premium, disabled: locked, message: messageEditor, embedBuilder, guildTimezone: guildSettings?.timezone ?? null, defaults: defaultTexts, emoji: emojiPicker, image: imageField, source: sourcePicker };

  return (
    <GuildFrame locale={locale} shell={state}>
      <header className={styles.header}>
        <span className={styles.icon}>
          <PluginIcon name={plugin.icon} size={28} />
        </span>
        <div className={styles.headerText}>
          <h1>
            {name} {plugin.premium ? <span className="badge badge-premium">{tc("premium")}</span> : null}
          </h1>
          {description ? <p>{description}</p> : null}
        </div>
        <div className={styles.headerSwitch}>
          <PluginSwitch guildId={guildId} pluginId={pluginId} enabled={stored.enabled} label={t("enablePlugin", { name })} stateText={{ on: t("enabled"), off: t("disabled") }} lockedOn={locked} />
        </div>
      </header>

      {premiumEnded ? <PremiumLapsedNotice locale={locale} guildId={guildId} endedAt={premiumEnded} /> : locked ? <PremiumPluginNotice locale={locale} guildId={guildId} name={name} /> : null}
      {pickerData?.stale && !state.stale ? <p className="notice notice-warning">{t("pickersStale")}</p> : null}

      {extras.top?.(parts)}

      {spec.fields.length > 0 ? (
        <section className={styles.card} aria-labelledby="settings-heading">
          <div className={styles.cardHeader}>
            <h2 id="settings-heading">{t("settingsTitle")}</h2>
            {needsPickers ? (
              <RefreshPickersButton
                guildId={guildId}
                text={{ label: t("refresh.label"), busy: t("refresh.busy"), done: t("refresh.done"), tooSoon: t("refresh.tooSoon") }}
              />
            ) : null}
          </div>
          <SettingsForm
            guildId={guildId}
            pluginId={pluginId}
            pluginName={name}
            spec={spec}
            initial={{ enabled: stored.enabled, config: stored.config, version: stored.version }}
            texts={pluginText.fields(pluginId, spec.fields)}
            labels={strings.labels}
            text={strings.form}
            pickers={packedPickers}
            premiumGuild={state.premium}
            locked={locked}
            messageEditor={messageEditor}
            defaults={defaultTexts}
            sectionTitles={spec.sections ? pluginText.sections(pluginId, spec.sections.map((section) => section.id)) : undefined}
            emojiPicker={emojiPicker}
            imageField={imageField}
          />
        </section>
      ) : null}

      {extras.middle?.(parts)}

      {collections.map((collection, index) => {
        const list = lists[index]!;
        const own = (key: "title" | "add" | "empty" | "example") => pluginText.collection(pluginId, collection.name, key);
        return (
          <CollectionSection
            key={collection.name}
            guildId={guildId}
            pluginId={pluginId}
            collection={collection.name}
            titleField={collection.definition.titleField}
            spec={collection.spec}
            initial={{ items: list.items, total: list.total, max: list.max }}
            context={{ ...context, texts: pluginText.fields(pluginId, collection.spec.fields, collection.name), fallbacks: fallbacksOf(collection.spec, stored.config) }}
            text={strings.collection({ title: own("title") ?? name, add: own("add"), empty: own("empty"), example: own("example") })}
            plugin={{ name, enabled: stored.enabled, alerts: isProviderId(pluginId) }}
            {...(extrasText ? collectionExtras(pluginId, collection.name, collection.definition, guildId, extrasText) : {})}
            {...displays[index]}
          />
        );
      })}

      {extras.bottom?.(parts)}

      {hasDeliveryLog(pluginId) ? <DeliveryLogSection guildId={guildId} pluginId={pluginId} locale={locale} /> : null}
    </GuildFrame>
  );
}
