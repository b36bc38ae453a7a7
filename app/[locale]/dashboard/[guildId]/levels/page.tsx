import type { Metadata } from "next";
import { LevelsSection } from "@/components/levels/levels-section";
import { RankCardSection, withoutRankCardBackground } from "@/components/rank-card/rank-card-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Levels, with the leaderboard tools (resets) and the rank card editor.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "levels");
}

export default function LevelsSettingsPage({ params }: PluginRouteProps) {
  return (
    <PluginPage
      params={params}
      pluginId="levels"
      extras={{
        spec: withoutRankCardBackground,
        middle: ({ guildId, guildName, locale, config, enabled, locked }) => (
          <>
            <LevelsSection guildId={guildId} guildName={guildName} locale={locale} config={config} enabled={enabled} disabled={locked} />
            <RankCardSection guildId={guildId} locale={locale} config={config} disabled={locked} />
          </>
        ),
      }}
    />
  );
}
