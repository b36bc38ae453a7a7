import "server-only";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { NFT_AVATAR_KEYS, type NftAvatarText } from "./text";
import { NftAvatarPanel } from "./nft-avatar-panel";

/** The NFT avatars page's "Bot avatar" card: the island reads and sets the guild's NFT avatar. */
export async function NftAvatarSection({ guildId, locale }: { guildId: string; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "nftAvatar" });
  const text = Object.fromEntries(NFT_AVATAR_KEYS.map((key) => [key, t.raw(key) as string])) as NftAvatarText;
  return <NftAvatarPanel guildId={guildId} accountHref={`/${locale}/dashboard/account`} text={text} />;
}
