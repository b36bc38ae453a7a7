import { getTranslations } from "next-intl/server";
import { isLinkProvider } from "@/lib/account-links/providers";
import { findLinkState } from "@/lib/account-links/states";
import { getDb } from "@/lib/db/client";
import { localeFromRequest } from "@/lib/i18n/request-locale";
import { getSession } from "@/lib/session/server";
import { PluginOAuthRelay } from "./plugin-oauth-relay";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (typeof value === "string" && value.length <= 2048 ? value : undefined);

// Where Twitch, X and TikTok send the browser back after consent (one redirect URI to register
// with each). The guild and provider are read from the signed-in user's own pending state row
// (not spent here), so the return URL carries nothing but the provider's `code` and `state`;
// the relay then calls the guild's finalize route, which checks everything again.
export default async function PluginOAuthPage({ searchParams }: Props) {
  const query = await searchParams;
  const [locale, session] = await Promise.all([localeFromRequest(), getSession()]);
  const t = await getTranslations({ locale, namespace: "pluginOauth" });
  const state = one(query.state);
  const pending = session && state ? await findLinkState(await getDb(), state, session.userId) : null;
  if (!pending || !state || !isLinkProvider(pending.provider)) {
    return (
      <div role="alert">
        <h1 style={{ fontSize: 22 }}>{t("failed")}</h1>
        <p style={{ color: "var(--text-muted)" }}>{t("invalid")}</p>
        <a className="button button-primary" href={`/${locale}/dashboard`}>
          {t("back")}
        </a>
      </div>
    );
  }
  return (
    <PluginOAuthRelay
      provider={pending.provider}
      guildId={pending.guildId}
      answer={{ state, code: one(query.code), error: one(query.error) }}
      backHref={`/${locale}/dashboard/${pending.guildId}/${pending.provider}`}
      labels={{ title: t("title"), linked: t("linked"), failed: t("failed"), back: t("back") }}
    />
  );
}
