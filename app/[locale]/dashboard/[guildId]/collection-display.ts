import "server-only";
import { getTranslations } from "next-intl/server";
import type { BatchAdd, GridDisplay } from "@/components/settings-form/collection-section";
import type { Locale } from "@/lib/i18n/locales";
import { TROPHY_FALLBACK_ICON } from "@/lib/plugins/achievements/definition";
import { STARTER_TROPHIES } from "@/lib/plugins/achievements/starter-set";

// Collections drawn other than as a plain list, and ready-made sets they offer: trophies are
// cards in a grid, with a starter set added in one batch. Other collections get nothing here.

type Extras = { display?: GridDisplay; batch?: BatchAdd };

/** `locale`: the viewer's (buttons); `language`: the guild's (the items the bot will show). */
export async function collectionDisplay(pluginId: string, collection: string, guildId: string, locale: Locale, language: Locale): Promise<Extras> {
  if (pluginId !== "achievements" || collection !== "trophies") return {};
  const [t, names] = await Promise.all([getTranslations({ locale, namespace: "trophyStarter" }), getTranslations({ locale: language, namespace: "plugins.achievements.starter" })]);
  return {
    display: { kind: "grid", icon: "emoji", image: "icon_image", fallback: TROPHY_FALLBACK_ICON, details: ["condition", "threshold", "required_role_id"] },
    batch: {
      path: `/plugins/achievements/guilds/${guildId}/trophies/batch-create`,
      key: "trophies",
      limitsPath: `/plugins/achievements/guilds/${guildId}/trophies/limits`,
      items: STARTER_TROPHIES.map(({ key, emoji, condition, threshold }) => ({ name: names(`${key}.name`), description: names(`${key}.description`), emoji, condition, threshold })),
      text: { label: t("label"), busy: t("busy"), done: t.raw("done") as string, noRoom: t.raw("noRoom") as string, used: t.raw("used") as string },
    },
  };
}
