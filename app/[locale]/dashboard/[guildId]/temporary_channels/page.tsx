import type { Metadata } from "next";
import { CreatorChannelSection } from "@/components/temporary-channels/creator-channel-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Temporary channels, with "Create a creator channel" above the settings.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "temporary_channels");
}

export default function TemporaryChannelsSettingsPage({ params }: PluginRouteProps) {
  return (
    <PluginPage
      params={params}
      pluginId="temporary_channels"
      extras={{
        top: ({ guildId, locale, locked }) => <CreatorChannelSection guildId={guildId} locale={locale} disabled={locked} />,
      }}
    />
  );
}
