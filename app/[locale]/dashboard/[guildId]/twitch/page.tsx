import type { Metadata } from "next";
import { AccountLinkSection } from "@/components/account-link/account-link-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Twitch alerts, with the server's linked account above the settings.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "twitch");
}

export default function TwitchSettingsPage({ params }: PluginRouteProps) {
  return (
    <PluginPage
      params={params}
      pluginId="twitch"
      extras={{
        top: ({ guildId, locale, locked }) => <AccountLinkSection guildId={guildId} provider="twitch" locale={locale} disabled={locked} />,
      }}
    />
  );
}
