import type { Metadata } from "next";
import { AccountLinkSection } from "@/components/account-link/account-link-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// TikTok alerts, with the server's linked account above the settings.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "tiktok");
}

export default function TiktokSettingsPage({ params }: PluginRouteProps) {
  return (
    <PluginPage
      params={params}
      pluginId="tiktok"
      extras={{
        top: ({ guildId, locale, locked }) => <AccountLinkSection guildId={guildId} provider="tiktok" locale={locale} disabled={locked} />,
      }}
    />
  );
}
