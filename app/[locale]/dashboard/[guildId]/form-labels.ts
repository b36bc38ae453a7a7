import "server-only";
import { getTranslations } from "next-intl/server";
import type { PickerLabels } from "@/components/pickers/labels";
import { PALETTE_NAMES } from "@/components/pickers/palette";
import type { CollectionText } from "@/components/settings-form/collection-section";
import type { SettingsFormText } from "@/components/settings-form/settings-form";
import type { FormLabels } from "@/components/settings-form/types";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import { premiumListLimits } from "@/lib/premium/comparison";

// The "settings" strings handed to the form islands. Templates go over raw
// ({name}, {count}): the islands fill them without shipping an ICU formatter.

/** `pickers`: include the date-time, time-zone and colour picker strings (only pages with such fields need them). */
/** `pluginId`: the premium list limits travel for that plugin's lists only (each page's payload carries them), as they are for a guild with `buffs`. */
export async function getFormStrings(locale: Locale, { pickers = false, pluginId, buffs = [] }: { pickers?: boolean; pluginId?: string; buffs?: readonly string[] } = {}) {
  const [t, tp, tpremium] = await Promise.all([
    getTranslations({ locale, namespace: "settings" }),
    getTranslations({ locale, namespace: "pickers" }),
    getTranslations({ locale, namespace: "premium" }),
  ]);
  const raw = (key: string) => t.raw(key) as string;
  const labels: FormLabels = {
    none: t("none"),
    search: t("search"),
    noMatches: t("noMatches"),
    remove: raw("remove"),
    add: t("add"),
    addItem: t("addItem"),
    removeItem: t("removeItem"),
    item: raw("item"),
    premium: t("premium"),
    freeMax: raw("freeMax"),
    characters: raw("characters"),
    unknownChannel: t("unknownChannel"),
    unknownRole: t("unknownRole"),
    channelKinds: { voice: t("channelKinds.voice"), stage: t("channelKinds.stage") },
    colorHex: t("colorPicker"),
    clearColor: t("clearColor"),
    reasons: { above_bot: t("roleReasons.above_bot"), managed: t("roleReasons.managed"), everyone: t("roleReasons.everyone") },
    createRole: { option: raw("createRole.option"), busy: raw("createRole.busy"), done: raw("createRole.done") },
    on: t("on"),
    off: t("off"),
    defaultText: raw("defaultText"),
    ...(pickers && {
      pickers: {
        locale: LANGUAGES[locale].tag,
        date: tp("date"),
        time: tp("time"),
        timeZone: tp("timeZone"),
        useMyTimeZone: tp("useMyTimeZone"),
        searchTimeZone: tp("searchTimeZone"),
        yourTimeZone: tp("yourTimeZone"),
        serverTimeZone: tp("serverTimeZone"),
        when: tp.raw("when") as string,
        incomplete: tp("incomplete"),
        past: tp("past"),
        standardColors: tp("standardColors"),
        roleColors: tp("roleColors"),
        colors: Object.fromEntries(PALETTE_NAMES.map((name) => [name, tp(`colors.${name}`)])) as PickerLabels["colors"],
      } satisfies PickerLabels,
    }),
    // The numbers ride with the strings: a collection island learns its premium limit from no other prop.
    premiumOffer: {
      link: tpremium("link"),
      field: tpremium("field"),
      fieldLimit: tpremium.raw("fieldLimit") as string,
      fieldLimitOpen: tpremium.raw("fieldLimitOpen") as string,
      listLimit: tpremium.raw("listLimit") as string,
      listUpsell: tpremium.raw("listUpsell") as string,
      listLimits: Object.fromEntries(Object.entries(premiumListLimits(buffs)).filter(([key]) => pluginId !== undefined && key.startsWith(`${pluginId}/`))),
    },
  };
  const form: SettingsFormText = {
    unsaved: t("unsaved"),
    save: t("save"),
    saving: t("saving"),
    reset: t("reset"),
    conflict: t("conflict"),
    changedBy: raw("changedBy"),
    reload: t("reload"),
    invalid: raw("invalid"),
    invalidMore: raw("invalidMore"),
    saved: t("saved"),
    leave: t("leave"),
  };
  /** Collection strings; title, add, empty and example come from the plugin's own messages when it has them. */
  const collection = (own: { title: string; add?: string; empty?: string; example?: string }): CollectionText => ({
    title: own.title,
    add: own.add ?? t("collection.add"),
    empty: own.empty ?? t("collection.empty"),
    ...(own.example !== undefined ? { example: own.example } : {}),
    edit: t("collection.edit"),
    delete: t("collection.delete"),
    confirmDelete: raw("collection.confirmDelete"),
    count: raw("collection.count"),
    limitReached: t("collection.limitReached"),
    premiumLimitReached: t("collection.premiumLimitReached"),
    showMore: t("collection.showMore"),
    untitled: t("collection.untitled"),
    off: t("off"),
    addTitle: own.add ?? t("collection.add"),
    editTitle: t("collection.editTitle"),
    cancel: t("collection.cancel"),
    discardQuestion: t("collection.discardQuestion"),
    keepEditing: t("collection.keepEditing"),
    discard: t("collection.discard"),
    save: t("save"),
    saving: t("saving"),
  });
  return { labels, form, collection, t };
}
