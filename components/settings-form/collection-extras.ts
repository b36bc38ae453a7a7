import "server-only";
import { getTranslations } from "next-intl/server";
import type { ActionText } from "./item-actions";
import { getEnv } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { collectionPath } from "@/lib/plugins/collection-path";
import type { CollectionDefinition } from "@/lib/plugins/types";

// What a collection island needs beyond the generic list: where its endpoints are, the item
// actions it declares (post, send, preview) with their strings, and the platform's web address
// for links to posted messages. Strings come from the "collectionActions" messages.

export async function getCollectionExtrasText(locale: Locale): Promise<ActionText> {
  const t = await getTranslations({ locale, namespace: "collectionActions" });
  const raw = (key: string) => t.raw(key) as string;
  const perAction = (group: string) => ({ preview: raw(`${group}.preview`), send: raw(`${group}.send`), post: raw(`${group}.post`) });
  return {
    label: perAction("label"),
    again: perAction("again"),
    busy: perAction("busy"),
    done: perAction("done"),
    reposted: raw("reposted"),
    posted: t("posted"),
    open: t("open"),
    dismiss: t("dismiss"),
    pluginOff: t.raw("pluginOff") as string,
    alertsOff: t.raw("alertsOff") as string,
    turnOn: t.raw("turnOn") as string,
    turnedOn: t.raw("turnedOn") as string,
    errors: {
      rate_limited: t("errors.rate_limited"),
      bot_missing_permissions: t("errors.bot_missing_permissions"),
      channel_required: t("errors.channel_required"),
      invalid_channel: t("errors.invalid_channel"),
      post_failed: t("errors.post_failed"),
      role_not_assignable: raw("errors.role_not_assignable"),
      unknown_role: t("errors.unknown_role"),
    },
    outOfRange: raw("outOfRange"),
  };
}

/** Props of CollectionSection for one collection (spread them in). */
export function collectionExtras(pluginId: string, name: string, definition: CollectionDefinition, guildId: string, text: ActionText) {
  return {
    path: collectionPath(pluginId, name, definition, guildId),
    actions: { list: definition.actions ?? [], text, linkBase: getEnv().DISCORD_OAUTH_URL },
  };
}
