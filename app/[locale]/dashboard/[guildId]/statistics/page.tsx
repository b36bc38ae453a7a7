import type { Metadata } from "next";
import { ActivityCharts } from "@/components/statistics/activity-charts";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Statistics, with its charts of the last 30 days (joins, leaves, messages) under the counters'
// settings. Premium: a free server sees the plugin's notice, not the charts. The bot's counts
// arrive all the time; the page shows them within `revalidate`.
export const revalidate = 300;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "statistics");
}

export default function StatisticsSettingsPage({ params }: PluginRouteProps) {
  return <PluginPage params={params} pluginId="statistics" extras={{ bottom: ({ guildId, locale, locked }) => (locked ? null : <ActivityCharts guildId={guildId} locale={locale} />) }} />;
}
