import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { GuildIcon } from "@/components/guild-icon";
import { JoinButton } from "@/components/memberships/join-button";
import styles from "@/components/memberships/memberships.module.css";
import { PAGE_TEXT_KEYS, type PageText } from "@/components/memberships/text";
import { formatPrice } from "@/lib/billing/format-price";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { LANGUAGES, localeOr } from "@/lib/i18n/locales";
import { loadMembershipPage } from "@/lib/memberships/public-page";
import { getSession } from "@/lib/session/server";

// A server's public membership page (issue 25): its plans with price, period, the role each
// grants and its description. A visitor signs in (and comes back here), joins through Stripe
// Checkout on the server's account, and returns to a welcome; a member sees their plan and may
// switch to another. Drawn per request: it shows the signed-in visitor's own membership.

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: string; guildId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const pageOf = cache(async (guildId: string, userId: string | null) => loadMembershipPage(await getDb(), guildId, userId));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, guildId } = await params;
  const page = await pageOf(guildId, null);
  if (!page) return {};
  const t = await getTranslations({ locale: localeOr(raw), namespace: "memberships" });
  return { title: t("metaTitle", { guild: page.guild.name }) };
}

export default async function MembershipPage({ params, searchParams }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const session = await getSession();
  const page = await pageOf(guildId, session?.userId ?? null);
  if (!page) notFound();
  const t = await getTranslations({ locale, namespace: "memberships" });
  const text = Object.fromEntries(PAGE_TEXT_KEYS.map((key) => [key, t.raw(key) as string])) as PageText;
  const joined = (await searchParams).joined;
  const date = new Intl.DateTimeFormat(LANGUAGES[locale].tag, { dateStyle: "long", timeZone: "UTC" });
  const here = `/${locale}/memberships/${guildId}`;
  const signIn = `/api/login?${new URLSearchParams({ locale, redirect: here })}`;

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <GuildIcon cdnBase={getEnv().DISCORD_CDN_URL} guild={page.guild} size={64} />
        <h1>{t.rich("title", { guild: page.guild.name, name: (chunks) => <bdi>{chunks}</bdi> })}</h1>
      </header>
      {page.description ? <p className={styles.intro}>{page.description}</p> : null}
      {typeof joined === "string" && page.membership ? (
        <p className={styles.notice} role="status" data-testid="membership-joined">
          {t("joined", { date: date.format(page.membership.periodEnd) })}
        </p>
      ) : null}
      {page.plans.length === 0 ? (
        <p className={styles.muted}>{t("empty")}</p>
      ) : (
        <ul className={styles.plans} aria-label={t("plansLabel")}>
          {page.plans.map((plan) => {
            const current = page.membership?.planId === plan.id;
            return (
              <li key={plan.id} className={`${styles.plan} ${current ? styles.current : ""}`} data-testid="membership-plan-card">
                <h2>
                  <bdi>{plan.name}</bdi>
                </h2>
                <p className={styles.price}>{t(plan.period === "year" ? "perYear" : "perMonth", { price: formatPrice(locale, plan.priceCents, plan.currency) })}</p>
                <p className={styles.muted}>{t.rich("grants", { role: plan.roleName ?? "", name: (chunks) => <bdi>{chunks}</bdi> })}</p>
                {plan.description ? <p>{plan.description}</p> : null}
                {!session ? (
                  <a className="button button-primary" href={signIn}>
                    {t("signIn")}
                  </a>
                ) : (
                  <JoinButton guildId={guildId} planId={plan.id} membershipId={page.membership?.id ?? null} current={current} planName={plan.name} text={text} />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {page.membership ? <p className={styles.muted}>{t(page.membership.renews ? "renews" : "ends", { date: date.format(page.membership.periodEnd) })}</p> : null}
      {page.termsUrl ? (
        <p>
          <a href={page.termsUrl} rel="noopener noreferrer">
            {t("terms")}
          </a>
        </p>
      ) : null}
    </div>
  );
}
