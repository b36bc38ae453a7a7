import type { Metadata } from "next";
import { NftAvatarSection } from "@/components/nft-avatars/nft-avatar-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// NFT avatars: the collection settings, and the bot's avatar in this server set from a holder's NFT.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "nft_avatars");
}

export default function NftAvatarsSettingsPage({ params }: PluginRouteProps) {
  return <PluginPage params={params} pluginId="nft_avatars" extras={{ bottom: ({ guildId, locale }) => <NftAvatarSection guildId={guildId} locale={locale} /> }} />;
}
