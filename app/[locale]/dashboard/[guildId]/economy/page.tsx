import type { Metadata } from "next";
import { EconomySection } from "@/components/economy/economy-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Economy, with its coin tools (give, take, richest members, reset).
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "economy");
}

export default function EconomySettingsPage({ params }: PluginRouteProps) {
  return (
    <PluginPage
      params={params}
      pluginId="economy"
      extras={{
        middle: ({ guildId, guildName, locale, config, locked }) => <EconomySection guildId={guildId} guildName={guildName} locale={locale} config={config} disabled={locked} />,
      }}
    />
  );
}
