import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { localeOr } from "@/lib/i18n/locales";

export default async function SiteLayout({ children, params }: { children: React.ReactNode; params: Promise<{ locale: string }> }) {
  const { locale: raw } = await params;
  const locale = localeOr(raw);
  const t = await getTranslations({ locale, namespace: "common" });
  return (
    <>
      <SiteHeader
        locale={locale}
        actions={
          <Link className="button button-primary button-small" href={`/${locale}/dashboard`}>
            {t("openDashboard")}
          </Link>
        }
      />
      <main id="main">{children}</main>
      <SiteFooter locale={locale} />
    </>
  );
}
