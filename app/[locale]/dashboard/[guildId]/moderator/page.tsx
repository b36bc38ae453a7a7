import type { Metadata } from "next";
import { AutomodDryRunSection } from "@/components/automod/automod-dry-run-section";
import { WhenFlag } from "@/components/flags/when-flag";
import { ModerationSection } from "@/components/moderation/moderation-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Moderator, with its cases, members' histories, bans, mutes and lockdown above the settings.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "moderator");
}

export default function ModeratorSettingsPage({ params }: PluginRouteProps) {
  return (
    <PluginPage
      params={params}
      pluginId="moderator"
      extras={{
        top: ({ guildId, locale, config, channels }) => <ModerationSection guildId={guildId} locale={locale} config={config} channels={channels} />,
        // Under the automod rules it tries; behind the flag automod_dry_run (config/flags.json).
        bottom: ({ guildId, locale }) => (
          <WhenFlag name="automod_dry_run" context={{ guildId }}>
            <AutomodDryRunSection guildId={guildId} locale={locale} />
          </WhenFlag>
        ),
      }}
    />
  );
}
