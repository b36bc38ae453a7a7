import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getEnv } from "@/lib/env";
import { localeOr } from "@/lib/i18n/locales";
import type { GetStartedLabels } from "@/components/onboarding/get-started";
import { DISCORD_USAGES } from "@/lib/onboarding/survey";
import { HEARD_FROM, ROLES } from "@/lib/onboarding/typeform";
import { GuildList } from "./guild-list";
import styles from "./dashboard.module.css";

// "My servers": the same page for everyone in a language, prerendered at build; the
// servers themselves are the GuildList island's (per viewer). Middleware sends visitors
// without a working session to the login page before this is served.

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: localeOr(locale), namespace: "meta" });
  return { title: t("dashboardTitle"), robots: { index: false } };
}

export default async function MyServersPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale: raw } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const [t, tc, tg] = await Promise.all([getTranslations({ locale, namespace: "dashboard" }), getTranslations({ locale, namespace: "common" }), getTranslations({ locale, namespace: "getStarted" })]);
  const each = (values: readonly string[], group: string) => Object.fromEntries(values.map((value) => [value, tg.raw(`${group}.${value}`) as string]));
  const getStarted: GetStartedLabels = {
    ...Object.fromEntries((["title", "intro", "addBot", "addBotHint", "plugin", "usage", "business", "role", "heardFrom", "submit", "sending", "hide", "thanks"] as const).map((key) => [key, tg(key)])),
    // Filled in the browser with the server's name.
    addBotDone: tg.raw("addBotDone") as string,
    pluginLink: tg.raw("pluginLink") as string,
    survey: tg.raw("survey") as string,
    usages: each(DISCORD_USAGES, "usages"),
    roles: each(ROLES, "roles"),
    heardFromOptions: each(HEARD_FROM, "heardFromOptions"),
  } as GetStartedLabels;

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.intro}>
        <h1>{t("title")}</h1>
        <p>{t("subtitle")}</p>
      </header>
      <GuildList
        locale={locale}
        cdnBase={getEnv().DISCORD_CDN_URL}
        labels={{
          loading: tc("loading"),
          retry: tc("retry"),
          withBot: t("withBot"),
          withoutBot: t("withoutBot"),
          configure: t("configure"),
          addBot: t("addBot"),
          addBotWaiting: t("addBotWaiting"),
          owner: t("owner"),
          manager: t("manager"),
          noGuildsTitle: t("noGuildsTitle"),
          noGuildsBody: t("noGuildsBody"),
          staleNotice: t("staleNotice"),
          platformError: t("platformError"),
        }}
        getStarted={getStarted}
      />
    </div>
  );
}
