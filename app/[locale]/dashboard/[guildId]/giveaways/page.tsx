import type { Metadata } from "next";
import { GiveawayDrawsSection } from "@/components/giveaways/giveaway-draws-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Giveaways, with their draws (start, end, reroll, cancel).
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "giveaways");
}

export default function GiveawaysSettingsPage({ params }: PluginRouteProps) {
  return (
    <PluginPage
      params={params}
      pluginId="giveaways"
      extras={{
        bottom: ({ guildId, locale, channels, locked }) => (
          <GiveawayDrawsSection guildId={guildId} locale={locale} channels={Object.fromEntries(channels.map((channel) => [channel.id, `#${channel.name}`]))} disabled={locked} />
        ),
      }}
    />
  );
}
