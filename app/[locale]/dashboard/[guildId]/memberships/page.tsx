import type { Metadata } from "next";
import { MembershipsSection } from "@/components/memberships/memberships-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Memberships, with the plans, the members and the revenue under the settings (lib/memberships).
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "memberships");
}

export default function MembershipsSettingsPage({ params }: PluginRouteProps) {
  return <PluginPage params={params} pluginId="memberships" extras={{ bottom: ({ guildId, locale, config }) => <MembershipsSection guildId={guildId} locale={locale} currency={String(config.currency)} /> }} />;
}
