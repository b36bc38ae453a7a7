import type { Metadata } from "next";
import { WelcomeCardSection, withoutCardBackground } from "@/components/welcome-card/welcome-card-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// The welcome plugin, with its card editor (the card background is edited there, not in the form).
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "welcome");
}

export default function WelcomeSettingsPage({ params }: PluginRouteProps) {
  return (
    <PluginPage
      params={params}
      pluginId="welcome"
      extras={{
        spec: withoutCardBackground,
        middle: ({ guildId, locale, config, locked }) => <WelcomeCardSection guildId={guildId} locale={locale} config={config} disabled={locked} />,
      }}
    />
  );
}
