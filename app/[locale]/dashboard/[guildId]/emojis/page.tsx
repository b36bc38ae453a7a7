import type { Metadata } from "next";
import { EmojiGallerySection } from "@/components/emoji-gallery/emoji-gallery-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Emojis, with the server's emoji gallery (upload, rename, delete) above the settings.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "emojis");
}

export default function EmojisPage({ params }: PluginRouteProps) {
  return <PluginPage params={params} pluginId="emojis" extras={{ top: ({ guildId, locale }) => <EmojiGallerySection guildId={guildId} locale={locale} /> }} />;
}
