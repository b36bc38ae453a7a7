import type { Metadata } from "next";
import { RecordingsSection } from "@/components/recordings/recordings-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Record, with the recordings the bot made (pages, download links, delete). Premium: a free
// server sees the plugin's notice, not its recordings.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "record");
}

export default function RecordSettingsPage({ params }: PluginRouteProps) {
  return (
    <PluginPage
      params={params}
      pluginId="record"
      extras={{ bottom: ({ guildId, locale, locked, channels }) => (locked ? null : <RecordingsSection guildId={guildId} locale={locale} channels={channels} />) }}
    />
  );
}
