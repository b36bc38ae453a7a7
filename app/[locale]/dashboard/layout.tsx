import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SiteHeader } from "@/components/site-header";
import { UserMenu } from "@/components/user-menu";
import { getEnv } from "@/lib/env";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { getSession } from "@/lib/session/server";
import { getCurrentUserEntity } from "@/lib/users/current-user";

// Reads the session cookie on every request.
export const dynamic = "force-dynamic";

// Second of three auth layers: middleware redirected visitors without a cookie;
// this catches a cookie that no longer opens. Every data call checks again.
export default async function DashboardLayout({ children, params }: { children: React.ReactNode; params: Promise<{ locale: string }> }) {
  const { locale: raw } = await params;
  const locale = isLocale(raw) ? raw : DEFAULT_LOCALE;
  const session = await getSession();
  if (!session) redirect(`/${locale}/login`);
  const [user, t, tn] = await Promise.all([
    getCurrentUserEntity(session),
    getTranslations({ locale, namespace: "common" }),
    getTranslations({ locale, namespace: "nav" }),
  ]);
  return (
    <>
      <SiteHeader
        locale={locale}
        actions={<UserMenu user={user} cdnBase={getEnv().DISCORD_CDN_URL} labels={{ signOut: t("signOut"), menu: tn("userMenu", { name: user.username }) }} />}
      />
      <main id="main">{children}</main>
    </>
  );
}
