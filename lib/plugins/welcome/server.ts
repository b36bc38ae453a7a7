import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import type { Db } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import type { GuildAccess } from "@/lib/guilds/access";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { guildDefaultTexts } from "../default-texts";
import { ApiError } from "@/lib/http/api-error";
import { RENDER_COST } from "@/lib/http/budgets";
import { etag, expectedVersion } from "@/lib/http/etag";
import { readImageForm } from "@/lib/images/form";
import { storeGuildImage, uploadUrl } from "@/lib/images/upload";
import { findGuildUploadByKey, findUpload } from "@/lib/images/uploads";
import { getGuildMember } from "@/lib/platform/bot-api";
import { guildIdParams } from "@/lib/platform/snowflake";
import { PRESET_IDS, parseBackground, presetBackground, uploadBackground } from "@/lib/card-drawing/background";
import { resolveBackground, welcomeCardPng, type CardMember, type ResolvedBackground } from "@/lib/welcome-card/card";
import { listCardUploads, RECENT_WELCOME_UPLOADS } from "@/lib/card-drawing/uploads";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { mergeConfig, readPluginState, writePluginState, type PluginState } from "../plugin-states";
import { assertPremiumAllowed, checkReferences } from "../rules";
import { CARD_SUBTITLE_MAX, CARD_TITLE_MAX, cardBackgroundSchema, welcome } from "./definition";
import { fieldIssue } from "@/lib/validation/server-messages";

// The welcome card (spec 7: /plugins/welcome/welcome-card/{guild}/background): read and set
// its background (a preset or an image of this guild's uploads, also uploaded and set in one
// step), and draw the card as the signed-in member would get it, for the live preview.

const base = "/welcome/welcome-card/:guildId";

type WelcomeConfig = z.output<typeof welcome.configSchema>;

export const backgroundBody = z.strictObject({ background: cardBackgroundSchema });

export const previewQuery = z.object({
  title: inputText().max(CARD_TITLE_MAX).optional(),
  subtitle: inputText().max(CARD_SUBTITLE_MAX).optional(),
  background: cardBackgroundSchema.optional(),
});

function unknownUpload(): ApiError {
  return new ApiError(400, "unknown_upload", "This image was not uploaded to this server: upload it first.", [fieldIssue("background", "unknown_upload")]);
}

/** The stored background if this guild may use it: presets always, uploads only its own. */
async function checkedBackground(db: Db, guild: string, value: string): Promise<ResolvedBackground> {
  const ref = parseBackground(value);
  if (ref?.kind === "upload" && !(await findGuildUploadByKey(db, guild, ref.key))) throw unknownUpload();
  return (await resolveBackground(db, guild, value)).background;
}

function publicBackground(background: ResolvedBackground) {
  return background.kind === "preset"
    ? { kind: "preset" as const, value: background.value, preset: background.preset }
    : { kind: "upload" as const, value: background.value, key: background.key, url: background.url, width: background.width, height: background.height };
}

/** GET/PUT/POST answer: the background in use, the presets, the guild's recent welcome uploads, and the plugin state. */
async function backgroundState(db: Db, guild: string, state: PluginState, extra: Record<string, unknown> = {}, status = 200): Promise<Response> {
  const config = state.config as WelcomeConfig;
  const [{ background, missing }, uploads] = await Promise.all([resolveBackground(db, guild, config.card_background), listCardUploads(db, guild, "welcome", RECENT_WELCOME_UPLOADS)]);
  return NextResponse.json(
    {
      background: publicBackground(background),
      // The stored value names an image this guild does not have: the default preset is drawn.
      missing_upload: missing ? config.card_background : null,
      presets: PRESET_IDS.map((id) => ({ id, value: presetBackground(id) })),
      uploads: uploads.map((upload) => ({ id: upload.id, key: upload.key, value: uploadBackground(upload.key), url: uploadUrl(upload.key), width: upload.width, height: upload.height })),
      enabled: state.enabled,
      config: state.config,
      version: state.version,
      ...extra,
    },
    { status, headers: { ETag: etag(state.version) } },
  );
}

/** Stores the new background (one audited write) unless it is already the one in use. */
async function setBackground(db: Db, access: GuildAccess, value: string, expected: number | undefined): Promise<PluginState> {
  const changes = { card_background: value };
  assertPremiumAllowed(welcome, welcome.configSchema, changes, access.premium);
  await checkReferences(db, access.guildId, { plugin: welcome }, changes);
  return writePluginState(db, { guildId: access.guildId, userId: access.userId, plugin: welcome, next: mergeConfig(welcome, changes), expectedVersion: expected });
}

/** The signed-in user as the joining member, in this guild. */
async function sampleMember(access: GuildAccess): Promise<CardMember> {
  const [member, pickers, defaults] = await Promise.all([
    getGuildMember(access.guildId, access.userId),
    getGuildPickers(access.guildId),
    guildDefaultTexts(access.guildId, access.guild.preferred_locale),
  ]);
  const user = member?.user ?? { id: access.userId, username: "member", discriminator: "0", global_name: null, avatar: null };
  const guild = access.guild;
  return {
    guild: { id: guild.id, name: guild.name, icon: guild.icon, owner_id: guild.owner_id, member_count: guild.approximate_member_count ?? null, verification_level: guild.verification_level },
    user,
    roles: pickers.roles,
    channels: pickers.channels,
    planName: access.premium ? "Premium" : null,
    cdnBase: getEnv().DISCORD_CDN_URL,
    defaults,
  };
}

export function welcomeEndpoints(): PluginEndpoint[] {
  return [
    // GET /api/plugins/welcome/welcome-card/{guild}/background
    endpoint({
      method: "GET",
      path: `${base}/background`,
      plugin: welcome.id,
      params: guildIdParams,
      handler: async ({ db, params }) => backgroundState(db, params.guildId, await readPluginState(db, params.guildId, welcome)),
    }),
    // PUT /api/plugins/welcome/welcome-card/{guild}/background {background: "preset:<id>" | "upload:<key>"}
    endpoint({
      method: "PUT",
      path: `${base}/background`,
      plugin: welcome.id,
      params: guildIdParams,
      body: backgroundBody,
      handler: async ({ db, params, body, access, req }) => {
        await checkedBackground(db, params.guildId, body.background);
        return backgroundState(db, params.guildId, await setBackground(db, access, body.background, expectedVersion(req)));
      },
    }),
    // POST /api/plugins/welcome/welcome-card/{guild}/background: multipart `image`, stored as an
    // upload of the welcome plugin and made the background at once. Read only after the pipeline's checks.
    endpoint({
      method: "POST",
      path: `${base}/background`,
      plugin: welcome.id,
      params: guildIdParams,
      handler: async ({ db, params, access, req }) => {
        const form = await readImageForm(req);
        const image = await storeGuildImage(db, { guildId: params.guildId, userId: access.userId, pluginId: welcome.id, bytes: form.image });
        const row = await findUpload(db, params.guildId, image.id);
        if (!row) throw new Error("the upload just stored has no row");
        const state = await setBackground(db, access, uploadBackground(row.key), expectedVersion(req));
        return backgroundState(db, params.guildId, state, { upload: image }, 201);
      },
    }),
    // GET /api/plugins/welcome/welcome-card/{guild}/preview[?title=&subtitle=&background=]: the card
    // as a PNG, with the signed-in user as the member; unsaved values in the query, saved ones otherwise.
    endpoint({
      method: "GET",
      path: `${base}/preview`,
      plugin: welcome.id,
      params: guildIdParams,
      query: previewQuery,
      // Drawing the card is the expensive part of this plugin: RENDER_COST units per preview.
      budget: { name: "renders", cost: RENDER_COST },
      handler: async ({ db, params, query, access }) => {
        const config = (await readPluginState(db, params.guildId, welcome)).config as WelcomeConfig;
        const background = query.background === undefined ? (await resolveBackground(db, params.guildId, config.card_background)).background : await checkedBackground(db, params.guildId, query.background);
        const png = await welcomeCardPng({ title: query.title ?? config.card_title, subtitle: query.subtitle ?? config.card_subtitle, background }, await sampleMember(access));
        return new Response(png as Uint8Array<ArrayBuffer>, {
          headers: {
            "Content-Type": "image/png",
            "Content-Length": String(png.byteLength),
            // Drawn for this user from values in the URL: the browser may keep it a little, nobody else.
            "Cache-Control": "private, max-age=60",
            "X-Content-Type-Options": "nosniff",
          },
        });
      },
    }),
  ];
}
