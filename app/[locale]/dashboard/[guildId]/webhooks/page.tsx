import type { Metadata } from "next";
import { WebhooksSection } from "@/components/webhooks/webhooks-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Webhooks, with the server's webhooks (create, rename, avatar, delete) above the settings.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "webhooks");
}

export default function WebhooksPage({ params }: PluginRouteProps) {
  return <PluginPage params={params} pluginId="webhooks" extras={{ top: ({ guildId, locale }) => <WebhooksSection guildId={guildId} locale={locale} /> }} />;
}
