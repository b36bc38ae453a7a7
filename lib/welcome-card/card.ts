import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { uploadUrl } from "@/lib/images/upload";
import { findGuildUploadByKey } from "@/lib/images/uploads";
import { userAvatarUrl } from "@/lib/platform/cdn";
import { sampleContext, type SampleGuild, type SampleUser } from "@/lib/templates/context";
import { mentionDisplay, splitMentions } from "@/lib/templates/mentions";
import type { DefaultTexts } from "@/lib/templates/default-messages";
import { renderTemplate } from "@/lib/templates/render";
import { avatarDataUrl, backgroundDataUrl } from "@/lib/card-drawing/assets";
import { DEFAULT_BACKGROUND, DEFAULT_PRESET, parseBackground, type PresetId } from "@/lib/card-drawing/background";
import { renderWelcomeCard, type WelcomeCardBackground } from "./render";

// From a guild's welcome settings and a member to the card's PNG: used by the preview
// endpoint (the signed-in user as the member) and, at join time, by the bot.

export type ResolvedBackground =
  | { kind: "preset"; value: string; preset: PresetId }
  | { kind: "upload"; value: string; key: string; url: string; width: number; height: number };

/**
 * What a stored `card_background` draws in this guild. An upload the guild does not have
 * (settings copied from another guild, say) falls back to the default preset, `missing` true.
 */
export async function resolveBackground(db: Db, guildId: string, value: string): Promise<{ background: ResolvedBackground; missing: boolean }> {
  const ref = parseBackground(value);
  if (ref?.kind === "preset") return { background: { kind: "preset", value, preset: ref.preset }, missing: false };
  const upload = ref ? await findGuildUploadByKey(db, guildId, ref.key) : null;
  if (ref && upload) return { background: { kind: "upload", value, key: upload.key, url: uploadUrl(upload.key), width: upload.width, height: upload.height }, missing: false };
  return { background: { kind: "preset", value: DEFAULT_BACKGROUND, preset: DEFAULT_PRESET }, missing: value !== DEFAULT_BACKGROUND };
}

export type CardMember = {
  guild: SampleGuild & { id: string; name: string; member_count?: number | null };
  user: SampleUser;
  /** Role and channel names for mentions written in the title or subtitle. */
  roles?: ReadonlyArray<{ id: string; name: string }>;
  channels?: ReadonlyArray<{ id: string; name: string; type: number }>;
  planName?: string | null;
  cdnBase: string;
  /** Default texts in the guild's language, for a title or subtitle still at its default. */
  defaults?: DefaultTexts;
};

export type CardSettings = { title: string; subtitle: string; background: ResolvedBackground };

export function displayName(user: SampleUser): string {
  return user.global_name?.trim() || user.username;
}

/** Title and subtitle as the member sees them: variables filled, mentions as names. */
export function cardTexts(settings: Pick<CardSettings, "title" | "subtitle">, member: CardMember): { title: string; subtitle: string } {
  const context = sampleContext({ ...member.guild, channels: member.channels ?? member.guild.channels }, member.user, { cdnBase: member.cdnBase, planName: member.planName ?? null, defaults: member.defaults });
  const lookup = {
    channel: (id: string) => member.channels?.find((channel) => channel.id === id)?.name,
    role: (id: string) => member.roles?.find((role) => role.id === id)?.name,
    member: (id: string) => (id === member.user.id ? displayName(member.user) : undefined),
  };
  const show = (template: string) =>
    splitMentions(renderTemplate(template, context))
      .map((segment) => (segment.kind === "text" ? segment.value : mentionDisplay(segment, lookup)))
      .join("");
  return { title: show(settings.title), subtitle: show(settings.subtitle) };
}

// Previews ask for the same card again and again (each keystroke pauses, each preset tried twice).
const rendered = new Map<string, Uint8Array>();
const RENDERED_MAX = 40;

/** The welcome card of `member` with these settings, as PNG bytes. */
export async function welcomeCardPng(settings: CardSettings, member: CardMember): Promise<Uint8Array> {
  const texts = cardTexts(settings, member);
  const avatarSource = userAvatarUrl(member.cdnBase, member.user, 256);
  const name = displayName(member.user);
  const memberCount = member.guild.member_count ?? 0;
  const key = createHash("sha256").update(JSON.stringify([avatarSource, name, texts, memberCount, settings.background.value])).digest("hex");
  const known = rendered.get(key);
  if (known) return known;

  const [avatarUrl, image] = await Promise.all([avatarDataUrl(avatarSource), settings.background.kind === "upload" ? backgroundDataUrl(settings.background.key) : null]);
  const background: WelcomeCardBackground =
    settings.background.kind === "preset" ? { preset: settings.background.preset } : image ? { image } : { preset: DEFAULT_PRESET };
  const png = await renderWelcomeCard({ avatarUrl, name, title: texts.title, subtitle: texts.subtitle, memberCount, background });
  // A card drawn without its avatar (CDN slow or down) is not kept: the next one tries again.
  if (avatarUrl && (settings.background.kind === "preset" || image)) {
    rendered.set(key, png);
    if (rendered.size > RENDERED_MAX) rendered.delete(rendered.keys().next().value as string);
  }
  return png;
}

