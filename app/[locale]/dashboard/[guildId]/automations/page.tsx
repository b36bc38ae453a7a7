import type { Metadata } from "next";
import { AutomationsSection } from "./automations-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Automations, with its own editor (trigger, conditions, ordered actions, "Try it") in place of the generic list.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "automations");
}

export default function AutomationsPage({ params }: PluginRouteProps) {
  return <PluginPage params={params} pluginId="automations" extras={{ ownCollections: true, middle: ({ guildId, locale }) => <AutomationsSection guildId={guildId} locale={locale} /> }} />;
}
