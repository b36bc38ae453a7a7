import "server-only";
import type { LinkAdapter } from "./adapter";
import type { LinkProvider } from "./providers";
import { tiktokLinks } from "./tiktok";
import { twitchLinks } from "./twitch";
import { twitterLinks } from "./twitter";

export const LINK_ADAPTERS: Record<LinkProvider, LinkAdapter> = { twitch: twitchLinks, twitter: twitterLinks, tiktok: tiktokLinks };
