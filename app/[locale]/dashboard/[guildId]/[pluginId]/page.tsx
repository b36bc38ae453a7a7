import type { Metadata } from "next";
import { PluginPage, pluginPageMetadata } from "../plugin-page";

// Every plugin without sections of its own; those have a folder beside this one (static
// segments come first), so this page imports none of their islands.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ locale: string; guildId: string; pluginId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, pluginId } = await params;
  return pluginPageMetadata(locale, pluginId);
}

export default async function PluginSettingsPage({ params }: Props) {
  const { pluginId } = await params;
  return <PluginPage params={params} pluginId={pluginId} />;
}
