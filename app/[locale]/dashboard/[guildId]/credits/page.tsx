import type { Metadata } from "next";
import { CreditsSection } from "@/components/credits/credits-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Credits: the server's balance, the advertisement form and the ledger (the plugin has no settings).
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "credits");
}

export default function CreditsPage({ params }: PluginRouteProps) {
  return <PluginPage params={params} pluginId="credits" extras={{ top: ({ guildId, locale }) => <CreditsSection guildId={guildId} locale={locale} /> }} />;
}
