import type { Metadata } from "next";
import { AccountLinkSection } from "@/components/account-link/account-link-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// X (Twitter) alerts, with the server's linked account above the settings.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "twitter");
}

export default function TwitterSettingsPage({ params }: PluginRouteProps) {
  return (
    <PluginPage
      params={params}
      pluginId="twitter"
      extras={{
        top: ({ guildId, locale, locked }) => <AccountLinkSection guildId={guildId} provider="twitter" locale={locale} disabled={locked} />,
      }}
    />
  );
}
