import type { Metadata } from "next";
import { TicketsSection } from "@/components/tickets/tickets-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Ticketing, with the tickets the bot reported (filters, pages, transcripts).
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "ticketing");
}

export default function TicketingSettingsPage({ params }: PluginRouteProps) {
  return <PluginPage params={params} pluginId="ticketing" extras={{ bottom: ({ guildId, locale }) => <TicketsSection guildId={guildId} locale={locale} /> }} />;
}
