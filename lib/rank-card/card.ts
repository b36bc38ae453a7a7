import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { avatarDataUrl, backgroundDataUrl } from "@/lib/card-drawing/assets";
import { parseBackground, type PresetId } from "@/lib/card-drawing/background";
import { uploadUrl } from "@/lib/images/upload";
import { findGuildUploadByKey } from "@/lib/images/uploads";
import { userAvatarUrl } from "@/lib/platform/cdn";
import { DEFAULT_RANK_CARD_COLORS, PLAIN_BACKGROUND } from "./settings";
import { renderRankCard, type RankCardColors, type RankCardWords } from "./render";

// From a guild's rank card settings and a member's standing to the card's PNG: used by the
// rank card endpoint (the dashboard's preview and the #rank-card dialog) and by the bot.

export type ResolvedRankBackground =
  | { kind: "color"; value: string }
  | { kind: "preset"; value: string; preset: PresetId }
  | { kind: "upload"; value: string; key: string; url: string; width: number; height: number };

/** What a stored `rank_card_background` draws in this guild: an upload it does not have draws the plain colour, `missing` true. */
export async function resolveRankBackground(db: Db, guildId: string, value: string): Promise<{ background: ResolvedRankBackground; missing: boolean }> {
  const ref = parseBackground(value);
  if (ref?.kind === "preset") return { background: { kind: "preset", value, preset: ref.preset }, missing: false };
  const upload = ref ? await findGuildUploadByKey(db, guildId, ref.key) : null;
  if (ref && upload) return { background: { kind: "upload", value, key: upload.key, url: uploadUrl(upload.key), width: upload.width, height: upload.height }, missing: false };
  return { background: { kind: "color", value: PLAIN_BACKGROUND }, missing: value !== PLAIN_BACKGROUND };
}

const hex = (value: unknown, fallback: number) => `#${(typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 0xffffff ? value : fallback).toString(16).padStart(6, "0")}`;

/** The card's colours from the levels config (`rank_card_*_color`, null meaning the default). */
export function rankCardColors(config: Record<string, unknown>): RankCardColors {
  return {
    background: hex(config.rank_card_background_color, DEFAULT_RANK_CARD_COLORS.background),
    accent: hex(config.rank_card_accent_color, DEFAULT_RANK_CARD_COLORS.accent),
    text: hex(config.rank_card_text_color, DEFAULT_RANK_CARD_COLORS.text),
  };
}

export type RankCardMember = {
  user: { id: string; avatar: string | null; discriminator?: string | null };
  name: string;
  rank: number;
  level: number;
  into: number;
  needed: number;
};

// Previews ask for the same card again and again (a colour tried twice, a dialog opened again).
const rendered = new Map<string, Uint8Array>();
const RENDERED_MAX = 40;

/** The rank card of `member` with these colours, background and words (the guild's language), as PNG bytes. */
export async function rankCardPng(settings: { colors: RankCardColors; background: ResolvedRankBackground; words: RankCardWords }, member: RankCardMember, cdnBase: string): Promise<Uint8Array> {
  const avatarSource = userAvatarUrl(cdnBase, member.user, 256);
  const { background, colors, words } = settings;
  const key = createHash("sha256")
    .update(JSON.stringify([avatarSource, member.name, member.rank, member.level, member.into, member.needed, colors, background.value, words]))
    .digest("hex");
  const known = rendered.get(key);
  if (known) return known;

  const [avatarUrl, image] = await Promise.all([avatarDataUrl(avatarSource), background.kind === "upload" ? backgroundDataUrl(background.key) : null]);
  const drawn = background.kind === "preset" ? { preset: background.preset } : image ? { image } : null;
  const png = await renderRankCard({ avatarUrl, name: member.name, rank: member.rank, level: member.level, into: member.into, needed: member.needed, colors, background: drawn, words });
  // A card drawn without its avatar or its picture (CDN or storage slow) is not kept: the next one tries again.
  if (avatarUrl && (background.kind !== "upload" || image)) {
    rendered.set(key, png);
    if (rendered.size > RENDERED_MAX) rendered.delete(rendered.keys().next().value as string);
  }
  return png;
}
