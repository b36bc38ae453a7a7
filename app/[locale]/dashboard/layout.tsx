import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { NotificationBell } from "@/components/notifications/bell";
import { SiteHeader } from "@/components/site-header";
import { UserMenu } from "@/components/user-menu";
import { getEnv } from "@/lib/env";
import { localeOr } from "@/lib/i18n/locales";

// Dashboard pages are private: crawlers and link previews only ever reach the login page,
// so the site's description and social cards would be dead weight in each page's head and payload.
export const metadata: Metadata = { description: null, openGraph: null, twitter: null };

// The dashboard frame. It reads no session so guild overviews can be cached pages:
// middleware sends visitors without a working session to the login page and checks
// guild access; each page that reads the session checks it again, as does every API call.
export default async function DashboardLayout({ children, params }: { children: React.ReactNode; params: Promise<{ locale: string }> }) {
  const { locale: raw } = await params;
  const locale = localeOr(raw);
  // Without it next-intl would read headers for the pages below and make every one dynamic.
  setRequestLocale(locale);
  const [t, tn] = await Promise.all([getTranslations({ locale, namespace: "common" }), getTranslations({ locale, namespace: "nav" })]);
  return (
    <>
      <SiteHeader
        locale={locale}
        actions={
          <>
            <NotificationBell
              locale={locale}
              labels={{
                bell: tn("notifications.bell"),
                bellNew: tn.raw("notifications.bellNew") as string,
                title: tn("notifications.title"),
                empty: tn("notifications.empty"),
                loading: tn("notifications.loading"),
                failed: tn("notifications.failed"),
                retry: tn("notifications.retry"),
                loadMore: tn("notifications.loadMore"),
                markAllRead: tn("notifications.markAllRead"),
                unread: tn("notifications.unread"),
              }}
            />
            <UserMenu
            cdnBase={getEnv().DISCORD_CDN_URL}
            accountHref={`/${locale}/dashboard/account`}
            labels={{
              signOut: t("signOut"),
              signOutEverywhere: t("signOutEverywhere"),
              account: tn("account"),
              moreActions: t("moreAccountActions"),
              menu: tn.raw("userMenu") as string,
              loading: tn("userMenuLoading"),
            }}
            />
          </>
        }
      />
      <main id="main">{children}</main>
    </>
  );
}
