// The NFT avatars page's island strings (messages/<locale>.json "nftAvatar"); {placeholders} are filled in the browser.
export const NFT_AVATAR_KEYS = ["title", "intro", "loading", "loadFailed", "none", "current", "tokenLabel", "set", "setting", "done", "reset", "resetting", "resetDone", "failed", "walletsLink"] as const;
export type NftAvatarText = Record<(typeof NFT_AVATAR_KEYS)[number], string>;
