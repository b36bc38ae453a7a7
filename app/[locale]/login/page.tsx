import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Logo } from "@/components/logo";
import { SiteHeader } from "@/components/site-header";
import { normalizeLoginRedirect } from "@/lib/auth/redirect";
import { getEnv } from "@/lib/env";
import { localeOr } from "@/lib/i18n/locales";
import { getSession } from "@/lib/session/server";
import { LoginButton } from "./login-button";
import styles from "./login.module.css";

// Reads the session cookie on every request.
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: localeOr(locale), namespace: "meta" });
  return { title: t("loginTitle"), robots: { index: false } };
}

export default async function LoginPage({ params, searchParams }: Props) {
  const { locale: raw } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) {
    for (const item of Array.isArray(value) ? value : [value ?? ""]) query.append(key, item);
  }
  const target = normalizeLoginRedirect(query, locale);
  if (await getSession()) redirect(target);

  const t = await getTranslations({ locale, namespace: "login" });
  const loginHref = `/api/login?${new URLSearchParams({ redirect: target, login_type: "DEFAULT", locale })}`;
  return (
    <>
      <SiteHeader locale={locale} />
      <main id="main" className={styles.main}>
        <section className={styles.card} aria-labelledby="login-title">
          <Logo size={56} />
          <h1 id="login-title">{t("title")}</h1>
          <p className={styles.subtitle}>{t("subtitle")}</p>
          <LoginButton
            href={loginHref}
            labels={{ button: t("button"), samePage: t("samePage"), waiting: t("popupWaiting"), blocked: t("popupBlocked") }}
          />
          <p className={styles.note}>{t("permissionsNote")}</p>
          {getEnv().usingEmulator ? <p className={styles.demo}>{t("emulatorNote")}</p> : null}
        </section>
      </main>
    </>
  );
}
