import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { PRESET_IDS, parseBackground, presetBackground, uploadBackground } from "@/lib/card-drawing/background";
import { deleteCardUpload, findCardUpload, listCardUploads } from "@/lib/card-drawing/uploads";
import type { Db } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import type { GuildAccess } from "@/lib/guilds/access";
import { ApiError } from "@/lib/http/api-error";
import { RENDER_COST } from "@/lib/http/budgets";
import { ownsPurchase } from "@/lib/billing/purchases";
import { etag, expectedVersion } from "@/lib/http/etag";
import { readImageForm } from "@/lib/images/form";
import { storeGuildImage, uploadUrl } from "@/lib/images/upload";
import { findGuildUploadByKey } from "@/lib/images/uploads";
import { levelOf } from "@/lib/levels/curve";
import { memberStanding, rankedMembers } from "@/lib/levels/standings";
import { getGuildMember } from "@/lib/platform/bot-api";
import { guildIdParams, platformId } from "@/lib/platform/snowflake";
import { isRankCardBackground, MAX_RANK_CARD_BACKGROUND_LENGTH, PLAIN_BACKGROUND, RANK_CARD_UPLOADS } from "@/lib/rank-card/settings";
import { rankCardColors, rankCardPng, resolveRankBackground, type RankCardMember, type ResolvedRankBackground } from "@/lib/rank-card/card";
import { issue } from "@/lib/validation/issues";
import { fieldIssue } from "@/lib/validation/server-messages";
import { inputText, inputUuid } from "@/lib/validation/text";
import { botLanguage, rankCardWords } from "../default-texts";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { mergeConfig, readPluginState, writePluginState, type PluginState } from "../plugin-states";
import { assertPremiumAllowed, checkReferences } from "../rules";
import { levels } from "./definition";

// The rank card (spec 7: rank-card/config, rank-card backgrounds, backgrounds/{id}): its
// colours and background, the guild's uploaded backgrounds, and the card of a member as a PNG.
//
// Who may fetch a card: those who manage the guild, like every plugin endpoint (the one guild
// pipeline, lib/http/route.ts). The #rank-card dialog opens on the guild's dashboard pages,
// which only they can see, and shows the signed-in user's own card (`@me`); so no member path
// through the pipeline is opened for it. The presets need no guild but are listed with the
// guild's backgrounds, which keeps every plugin endpoint scoped to a guild.

type LevelsConfig = z.output<typeof levels.configSchema>;

const colorValue = z.number().int().min(0).max(0xffffff).nullable();
const backgroundValue = inputText().max(MAX_RANK_CARD_BACKGROUND_LENGTH).refine(isRankCardBackground, issue("invalid_background"));
const hexColor = inputText()
  .regex(/^[0-9a-fA-F]{6}$/, "must be a colour as six hex digits")
  .transform((value) => Number.parseInt(value, 16));

export const rankCardConfigBody = z.strictObject({
  background_color: colorValue.optional(),
  accent_color: colorValue.optional(),
  text_color: colorValue.optional(),
  background: backgroundValue.optional(),
});

/** Unsaved values the live preview draws instead of the stored ones. */
export const rankCardQuery = z.object({
  background_color: hexColor.optional(),
  accent_color: hexColor.optional(),
  text_color: hexColor.optional(),
  background: backgroundValue.optional(),
});

const cardParams = guildIdParams.extend({ userId: z.union([z.literal("@me"), platformId("user")]) });
const backgroundParams = guildIdParams.extend({ itemId: inputUuid("must be a background id") });

function unknownUpload(): ApiError {
  return new ApiError(400, "unknown_upload", "This image was not uploaded to this server: upload it first.", [fieldIssue("background", "unknown_upload")]);
}

/** The background if this guild may use it: the plain colour and presets always, uploads only its own. */
async function checkedBackground(db: Db, guild: string, value: string): Promise<ResolvedRankBackground> {
  const ref = parseBackground(value);
  if (ref?.kind === "upload" && !(await findGuildUploadByKey(db, guild, ref.key))) throw unknownUpload();
  return (await resolveRankBackground(db, guild, value)).background;
}

function publicBackground(background: ResolvedRankBackground) {
  return background.kind === "upload" ? { kind: background.kind, value: background.value, url: background.url, width: background.width, height: background.height } : background;
}

async function backgroundList(db: Db, guild: string) {
  const uploads = await listCardUploads(db, guild, levels.id, RANK_CARD_UPLOADS);
  return {
    presets: [{ id: PLAIN_BACKGROUND, value: PLAIN_BACKGROUND }, ...PRESET_IDS.map((id) => ({ id, value: presetBackground(id) }))],
    uploads: uploads.map((upload) => ({ id: upload.id, value: uploadBackground(upload.key), url: uploadUrl(upload.key), width: upload.width, height: upload.height })),
  };
}

/** The config answer: the rank card's settings as stored, the background they draw, and the choices. */
async function configState(db: Db, guild: string, state: PluginState, status = 200): Promise<Response> {
  const config = state.config as LevelsConfig;
  const [{ background, missing }, list] = await Promise.all([resolveRankBackground(db, guild, config.rank_card_background), backgroundList(db, guild)]);
  return NextResponse.json(
    {
      background_color: config.rank_card_background_color,
      accent_color: config.rank_card_accent_color,
      text_color: config.rank_card_text_color,
      background: publicBackground(background),
      // The stored value names an image this guild no longer has: the plain colour is drawn.
      missing_upload: missing ? config.rank_card_background : null,
      ...list,
      version: state.version,
    },
    { status, headers: { ETag: etag(state.version) } },
  );
}

/** One audited write of the levels config with these rank card changes; none when nothing changes. */
async function writeRankCard(db: Db, access: GuildAccess, changes: Partial<LevelsConfig>, expected: number | undefined): Promise<PluginState> {
  assertPremiumAllowed(levels, levels.configSchema, changes, access.premium);
  await checkReferences(db, access.guildId, { plugin: levels }, changes);
  return writePluginState(db, { guildId: access.guildId, userId: access.userId, plugin: levels, next: mergeConfig(levels, changes), expectedVersion: expected });
}

/** The member as the card shows them: their standing, or level 0 behind everyone with XP when they have none yet. */
async function cardMember(db: Db, guild: string, userId: string): Promise<RankCardMember> {
  const standing = await memberStanding(db, guild, userId);
  if (standing) {
    return { user: { id: standing.userId, avatar: standing.avatar }, name: standing.displayName || standing.username, rank: standing.rank, level: standing.level, into: standing.into, needed: standing.needed };
  }
  // No XP yet is a level-0 card, not an error: the dialog then shows where a newcomer starts.
  const member = await getGuildMember(guild, userId);
  if (!member) throw new ApiError(404, "member_not_found", "This member is not on this server.");
  const start = levelOf(0);
  return {
    user: { id: member.user.id, avatar: member.user.avatar, discriminator: member.user.discriminator },
    name: member.nick || member.user.global_name || member.user.username,
    rank: (await rankedMembers(db, guild)) + 1,
    level: start.level,
    into: start.into,
    needed: start.needed,
  };
}

/**
 * An uploaded background is the custom rank card (spec 1): drawn in premium guilds and on the
 * card of a member who bought the rank card; anyone else's card keeps the plain colour. The
 * guild's choice stays stored either way, and draws again once either is true.
 */
async function drawnBackground(db: Db, premium: boolean, userId: string, background: ResolvedRankBackground): Promise<ResolvedRankBackground> {
  if (background.kind !== "upload" || premium || (await ownsPurchase(db, userId, "rank_card"))) return background;
  return { kind: "color", value: PLAIN_BACKGROUND };
}

const pngHeaders = (png: Uint8Array) => ({
  "Content-Type": "image/png",
  "Content-Length": String(png.byteLength),
  // Drawn for this caller, possibly from unsaved values in the URL: the browser may keep it a little, nobody else.
  "Cache-Control": "private, max-age=60",
  "X-Content-Type-Options": "nosniff",
});

export function rankCardEndpoints(): PluginEndpoint[] {
  return [
    // GET /api/plugins/levels/rank-card/config/{guild}
    endpoint({
      method: "GET",
      path: "/levels/rank-card/config/:guildId",
      plugin: levels.id,
      params: guildIdParams,
      handler: async ({ db, params }) => configState(db, params.guildId, await readPluginState(db, params.guildId, levels)),
    }),
    // PATCH /api/plugins/levels/rank-card/config/{guild} {background_color?, accent_color?, text_color?, background?}
    endpoint({
      method: "PATCH",
      path: "/levels/rank-card/config/:guildId",
      plugin: levels.id,
      params: guildIdParams,
      body: rankCardConfigBody,
      handler: async ({ db, params, body, access, req }) => {
        if (body.background !== undefined) await checkedBackground(db, params.guildId, body.background);
        const changes: Partial<LevelsConfig> = {
          ...(body.background_color !== undefined && { rank_card_background_color: body.background_color }),
          ...(body.accent_color !== undefined && { rank_card_accent_color: body.accent_color }),
          ...(body.text_color !== undefined && { rank_card_text_color: body.text_color }),
          ...(body.background !== undefined && { rank_card_background: body.background }),
        };
        return configState(db, params.guildId, await writeRankCard(db, access, changes, expectedVersion(req)));
      },
    }),
    // GET /api/plugins/levels/guilds/{guild}/rank-card/backgrounds: the presets (and the plain colour) and this guild's uploads.
    endpoint({
      method: "GET",
      path: "/levels/guilds/:guildId/rank-card/backgrounds",
      plugin: levels.id,
      params: guildIdParams,
      handler: async ({ db, params }) => backgroundList(db, params.guildId),
    }),
    // POST /api/plugins/levels/guilds/{guild}/rank-card/backgrounds: multipart `image` through the
    // image pipeline (type, size, dimensions checked, re-encoded), kept as an upload of Levels.
    // Choosing it is a PATCH of the config, like any other background.
    endpoint({
      method: "POST",
      path: "/levels/guilds/:guildId/rank-card/backgrounds",
      plugin: levels.id,
      params: guildIdParams,
      handler: async ({ db, params, access, req }) => {
        const form = await readImageForm(req);
        const image = await storeGuildImage(db, { guildId: params.guildId, userId: access.userId, pluginId: levels.id, bytes: form.image });
        return NextResponse.json({ upload: image, ...(await backgroundList(db, params.guildId)) }, { status: 201 });
      },
    }),
    // DELETE /api/plugins/levels/guilds/{guild}/rank-card/backgrounds/{id}: only this guild's rank card uploads.
    // A background in use goes back to the plain colour first, in an audited write.
    endpoint({
      method: "DELETE",
      path: "/levels/guilds/:guildId/rank-card/backgrounds/:itemId",
      plugin: levels.id,
      params: backgroundParams,
      handler: async ({ db, params, access }) => {
        const target = await findCardUpload(db, params.guildId, levels.id, params.itemId);
        if (!target) throw new ApiError(404, "background_not_found", "This server has no such rank card background.");
        const config = (await readPluginState(db, params.guildId, levels)).config as LevelsConfig;
        if (config.rank_card_background === uploadBackground(target.key)) await writeRankCard(db, access, { rank_card_background: PLAIN_BACKGROUND }, undefined);
        await deleteCardUpload(db, params.guildId, levels.id, target.key);
        return backgroundList(db, params.guildId);
      },
    }),
    // GET /api/plugins/levels/guilds/{guild}/rank-card/{userId|@me}[?background_color=&accent_color=&text_color=&background=]:
    // the member's card as a PNG, with unsaved values from the query (the live preview) or the saved ones.
    endpoint({
      method: "GET",
      path: "/levels/guilds/:guildId/rank-card/:userId",
      plugin: levels.id,
      params: cardParams,
      query: rankCardQuery,
      // Drawing is the expensive part: RENDER_COST units per card, like the welcome card preview.
      budget: { name: "renders", cost: RENDER_COST },
      handler: async ({ db, params, query, access }) => {
        const config = (await readPluginState(db, params.guildId, levels)).config as LevelsConfig;
        const colors = rankCardColors({
          rank_card_background_color: query.background_color ?? config.rank_card_background_color,
          rank_card_accent_color: query.accent_color ?? config.rank_card_accent_color,
          rank_card_text_color: query.text_color ?? config.rank_card_text_color,
        });
        const chosen = query.background === undefined ? (await resolveRankBackground(db, params.guildId, config.rank_card_background)).background : await checkedBackground(db, params.guildId, query.background);
        const member = await cardMember(db, params.guildId, params.userId === "@me" ? access.userId : params.userId);
        const [background, language] = await Promise.all([drawnBackground(db, access.premium, member.user.id, chosen), botLanguage(params.guildId, access.guild.preferred_locale)]);
        const png = await rankCardPng({ colors, background, words: rankCardWords(language) }, member, getEnv().DISCORD_CDN_URL);
        return new Response(png as Uint8Array<ArrayBuffer>, { headers: pngHeaders(png) });
      },
    }),
  ];
}
