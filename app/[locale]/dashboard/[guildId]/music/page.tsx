import type { Metadata } from "next";
import { MusicPlayerSection } from "@/components/music-player/music-player-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Music, with the player above its settings.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "music");
}

export default function MusicSettingsPage({ params }: PluginRouteProps) {
  return (
    <PluginPage
      params={params}
      pluginId="music"
      extras={{
        top: ({ guildId, locale, pluginName, enabled }) => <MusicPlayerSection guildId={guildId} locale={locale} plugin={{ name: pluginName, enabled }} />,
      }}
    />
  );
}
