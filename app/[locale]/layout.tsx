import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Suspense } from "react";
import { AnalyticsConsent, type ConsentText } from "@/components/analytics/analytics-consent";
import { ErrorModal } from "@/components/error-modal";
import { REPORTING_META } from "@/components/error-reporting/browser-reporting";
import { BoundaryTextProvider } from "@/components/boundary-text";
import { APP_THEME, SITE_NAME } from "@/lib/brand/assets";
import { MANIFEST_URL, SITE_ICONS, socialCards } from "@/lib/brand/metadata";
import { getEnv } from "@/lib/env";
import { LANGUAGES, isLocale } from "@/lib/i18n/locales";
import "../globals.css";

type Props = { children: React.ReactNode; params: Promise<{ locale: string }> };

// No page is drawn at build: each is drawn on first request, with the nonce the production
// server writes each response's own in place of (lib/http/csp.ts), then kept in the page cache.
export function generateStaticParams() {
  return [];
}

export const viewport: Viewport = { themeColor: APP_THEME, width: "device-width", initialScale: 1 };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: "meta" });
  // Defaults of every page in the language; the landing and legal pages add their own URL.
  // Icons are linked here only (no app/icon.* file), so each appears once in the head.
  return {
    metadataBase: new URL(getEnv().APP_URL),
    applicationName: SITE_NAME,
    title: t("title"),
    description: t("description"),
    icons: SITE_ICONS,
    manifest: MANIFEST_URL,
    ...socialCards({ locale, title: t("title"), description: t("description") }),
  };
}

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "common" });
  const te = await getTranslations({ locale, namespace: "error" });
  const language = LANGUAGES[locale];
  const reporting = getEnv().errorReporting;
  return (
    <html lang={language.tag} dir={language.dir}>
      {/* Read by instrumentation-client.ts: the browser reports errors only where the server does. */}
      {reporting && (
        <head>
          <meta name={REPORTING_META} content={JSON.stringify({ dsn: reporting.dsn, environment: reporting.environment })} />
        </head>
      )}
      <body>
        <a className="skip-link" href="#main">
          {t("skipToContent")}
        </a>
        <BoundaryTextProvider value={{ error: { title: te("title"), description: te("description"), detail: te.raw("detail") as string, button: te("button") }, loading: t("loading") }}>
          {children}
        </BoundaryTextProvider>
        <ErrorModal title={te("modal.title")} unknown={te("modal.unknown")} close={t("close")} />
        {/* useSearchParams: below a Suspense boundary, so the rest of the page is drawn without waiting on it. */}
        <Suspense fallback={null}>
          <AnalyticsConsent enabled={getEnv().analytics !== null} text={t.raw("analyticsConsent") as ConsentText} />
        </Suspense>
      </body>
    </html>
  );
}
