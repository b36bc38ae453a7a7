import "server-only";
import { z } from "zod";
import { apiLocale } from "@/lib/http/api-locale";
import { ACTS } from "@/lib/moderation/can-act";
import { CASE_TYPES } from "@/lib/moderation/case-types";
import { caseCounts, caseView, deleteCase, DEFAULT_CASES_PAGE, getCase, listCases, MAX_CASES_PAGE, MAX_REASON, recordCase, updateCase, type CaseFilters } from "@/lib/moderation/cases";
import { CSV_HEADER, csvRow } from "@/lib/moderation/csv";
import { makeAct } from "@/lib/moderation/acts";
import { withModeratorNames } from "@/lib/moderation/moderator-names";
import { listBanEntries, listMuteEntries } from "@/lib/moderation/lists";
import { DRY_RUN_CHANNEL_MESSAGES, dryRun } from "@/lib/moderation/automod/dry-run";
import { isFlagEnabled } from "@/lib/flags/is-flag-enabled";
import type { AutomodRule } from "@/lib/moderation/automod/rules";
import { lock, lockdownChannelIds, lockdownState, unlock } from "@/lib/moderation/lockdown";
import { checkReferences } from "../rules";
import { withDefaultText } from "@/lib/templates/default-messages";
import { fieldIssue } from "@/lib/validation/server-messages";
import { guildDefaultTexts } from "../default-texts";
import { ApiError } from "@/lib/http/api-error";
import { getGuildMember } from "@/lib/platform/bot-api";
import { PlatformError } from "@/lib/platform/errors";
import { MAX_DELETE_MESSAGE_SECONDS, MAX_TIMEOUT_MS, getBan } from "@/lib/platform/moderation-api";
import { guildIdParams, platformId } from "@/lib/platform/snowflake";
import { inputDateTime, inputText } from "@/lib/validation/text";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { readPluginState } from "../plugin-states";
import { moderator } from "./definition";

// The moderator plugin's cases, acts, mutes and bans (spec 7: infractions, infractions/{id},
// infractions?user_id=, mutes?user_id=, bans?user_id=), under /api/plugins/moderator/guilds/{guild}/.

const caseParams = guildIdParams.extend({ caseId: z.coerce.number().int().min(1).max(2_147_483_647) });
const memberParams = guildIdParams.extend({ userId: platformId("user") });
const flag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const filtersQuery = z.object({
  user_id: platformId("user").optional(),
  moderator_id: platformId("user").optional(),
  type: inputText()
    .max(200)
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(z.enum(CASE_TYPES)).max(CASE_TYPES.length))
    .optional(),
  from: inputDateTime().optional(),
  to: inputDateTime().optional(),
  include_pardoned: flag.optional(),
});
const listQuery = filtersQuery.extend({
  cursor: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_CASES_PAGE).default(DEFAULT_CASES_PAGE),
});

const reason = inputText().max(MAX_REASON);
const actBody = z.strictObject({
  type: z.enum([...ACTS, "note"]),
  user_id: platformId("user"),
  reason: reason.default(""),
  duration_minutes: z
    .number()
    .int()
    .min(1)
    .max(MAX_TIMEOUT_MS / 60_000)
    .optional(),
  delete_message_seconds: z.number().int().min(0).max(MAX_DELETE_MESSAGE_SECONDS).optional(),
  idempotency_key: inputText().min(8).max(100).optional(),
});
const caseChanges = z
  .strictObject({ reason: reason.optional(), pardoned: z.boolean().optional(), version: z.number().int().min(1).optional() })
  .refine((body) => body.reason !== undefined || body.pardoned !== undefined, { message: "Change the reason or the pardon." });
const dryRunBody = z
  .strictObject({
    /** Drafts to try instead of the saved rules. */
    rules: z.array(moderator.collections.rules!.itemSchema).max(25).optional(),
    messages: z
      .array(z.strictObject({ content: inputText().max(4000), author_id: platformId("user").optional() }))
      .min(1)
      .max(DRY_RUN_CHANNEL_MESSAGES)
      .optional(),
    channel_id: platformId("channel").optional(),
  })
  .refine((body) => (body.messages === undefined) !== (body.channel_id === undefined), { message: "Send sample messages or a channel, not both.", path: ["messages"] });
const deleteQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

function filtersOf(query: z.output<typeof filtersQuery>): Omit<CaseFilters, "limit" | "before"> {
  return {
    ...(query.user_id ? { targetId: query.user_id } : {}),
    ...(query.moderator_id ? { moderatorId: query.moderator_id } : {}),
    ...(query.type?.length ? { types: query.type } : {}),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
    includePardoned: query.include_pardoned ?? false,
  };
}

const notFound = () => new ApiError(404, "case_not_found", "This case does not exist in this server.");

/** How many cases one export holds at most (a page of the CSV is read per query). */
const EXPORT_LIMIT = 50_000;

export function moderatorEndpoints(): PluginEndpoint[] {
  const path = (rest: string) => `/moderator/guilds/:guildId/${rest}`;
  const common = { plugin: moderator.id };
  return [
    endpoint({
      ...common,
      method: "GET",
      path: path("infractions"),
      params: guildIdParams,
      query: listQuery,
      handler: async ({ db, params, query }) => {
        const page = await listCases(db, params.guildId, { ...filtersOf(query), limit: query.limit, ...(query.cursor ? { before: query.cursor } : {}) });
        return { infractions: await withModeratorNames(db, page.cases.map(caseView)), next_cursor: page.next === null ? null : String(page.next) };
      },
    }),
    endpoint({
      ...common,
      method: "POST",
      path: path("infractions"),
      params: guildIdParams,
      body: actBody,
      handler: async ({ db, params, body, access, req }) => {
        if (body.type === "note") {
          const target = await getGuildMember(params.guildId, body.user_id);
          const made = await db.transaction((tx) =>
            recordCase(
              tx,
              {
                guildId: params.guildId,
                type: "note",
                targetId: body.user_id,
                targetName: target?.user ? target.user.global_name || target.user.username : null,
                moderator: { kind: "dashboard", id: access.userId },
                reason: body.reason,
                source: "dashboard",
                idempotencyKey: body.idempotency_key ?? null,
              },
              access.userId,
            ),
          );
          return Response.json({ infraction: caseView(made.case), escalation: null, notice: null }, { status: 201, headers: { "Cache-Control": "no-store" } });
        }
        const result = await makeAct(
          db,
          access,
          {
            act: body.type,
            userId: body.user_id,
            reason: body.reason,
            ...(body.duration_minutes ? { durationMinutes: body.duration_minutes } : {}),
            ...(body.delete_message_seconds !== undefined ? { deleteMessageSeconds: body.delete_message_seconds } : {}),
            ...(body.idempotency_key ? { idempotencyKey: body.idempotency_key } : {}),
          },
          apiLocale(req),
        );
        return Response.json({ infraction: result.case, escalation: result.escalation, notice: result.notice }, { status: 201, headers: { "Cache-Control": "no-store" } });
      },
    }),
    endpoint({
      ...common,
      method: "GET",
      path: path("infractions/export"),
      params: guildIdParams,
      query: filtersQuery,
      handler: async ({ db, params, query }) => {
        const filters = filtersOf(query);
        const stream = new ReadableStream<Uint8Array>({
          async start(controller) {
            const encoder = new TextEncoder();
            controller.enqueue(encoder.encode(CSV_HEADER));
            let before: number | undefined;
            for (let written = 0; written < EXPORT_LIMIT; ) {
              const page = await listCases(db, params.guildId, { ...filters, limit: 1000, ...(before ? { before } : {}) });
              controller.enqueue(encoder.encode(page.cases.map((row) => csvRow(caseView(row))).join("")));
              written += page.cases.length;
              if (page.next === null) break;
              before = page.next;
            }
            controller.close();
          },
        });
        return new Response(stream, {
          headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="cases-${params.guildId}.csv"`, "Cache-Control": "no-store" },
        });
      },
    }),
    endpoint({
      ...common,
      method: "GET",
      path: path("infractions/:caseId"),
      params: caseParams,
      handler: async ({ db, params }) => {
        const found = await getCase(db, params.guildId, params.caseId);
        if (!found) throw notFound();
        const [named] = await withModeratorNames(db, [caseView(found)]);
        return { infraction: named };
      },
    }),
    endpoint({
      ...common,
      method: "PATCH",
      path: path("infractions/:caseId"),
      params: caseParams,
      body: caseChanges,
      handler: async ({ db, params, body, access }) => {
        const changes = { ...(body.reason !== undefined ? { reason: body.reason } : {}), ...(body.pardoned !== undefined ? { pardoned: body.pardoned } : {}) };
        const [named] = await withModeratorNames(db, [caseView(await updateCase(db, params.guildId, params.caseId, changes, access.userId, body.version))]);
        return { infraction: named };
      },
    }),
    endpoint({
      ...common,
      method: "DELETE",
      path: path("infractions/:caseId"),
      params: caseParams,
      query: deleteQuery,
      handler: async ({ db, params, query, access }) => {
        await deleteCase(db, params.guildId, params.caseId, access.userId, query.version);
        return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
      },
    }),
    endpoint({
      ...common,
      method: "GET",
      path: path("members/:userId/history"),
      params: memberParams,
      handler: async ({ db, params }) => {
        const [member, ban, counts, page] = await Promise.all([
          getGuildMember(params.guildId, params.userId),
          // A bot without Ban Members cannot say whether someone is banned: the history shows the rest.
          getBan(params.guildId, params.userId).catch((error: unknown) => {
            if (error instanceof PlatformError && error.kind === "forbidden") return undefined;
            throw error;
          }),
          caseCounts(db, params.guildId, params.userId),
          listCases(db, params.guildId, { targetId: params.userId, includePardoned: true, limit: DEFAULT_CASES_PAGE }),
        ]);
        const user = member?.user ?? ban?.user ?? null;
        const timeout = member?.communication_disabled_until && Date.parse(member.communication_disabled_until) > Date.now() ? member.communication_disabled_until : null;
        return {
          user: user ? { id: user.id, name: user.global_name || user.username, avatar: user.avatar } : { id: params.userId, name: page.cases[0]?.targetName ?? null, avatar: null },
          member: member !== null,
          counts,
          timeout_until: timeout,
          ban: ban ? { reason: ban.reason } : null,
          ban_known: ban !== undefined,
          infractions: await withModeratorNames(db, page.cases.map(caseView)),
          next_cursor: page.next === null ? null : String(page.next),
        };
      },
    }),
    endpoint({
      ...common,
      method: "POST",
      path: path("rules/dry-run"),
      params: guildIdParams,
      body: dryRunBody,
      // Reads only: a dry run changes nothing a page shows.
      keepsPages: true,
      handler: async ({ db, params, body }) => {
        // The page shows the dry run only behind its flag; the API follows the same decision.
        if (!(await isFlagEnabled("automod_dry_run", { guildId: params.guildId }))) throw new ApiError(404, "feature_disabled", "The automod dry run is not available in this server.");
        if (body.rules) await Promise.all(body.rules.map((rule, index) => checkReferences(db, params.guildId, { plugin: moderator, collection: "rules" }, rule, { at: `rules.${index}` })));
        return dryRun(db, params.guildId, {
          rules: (body.rules as AutomodRule[] | undefined) ?? null,
          samples: body.messages?.map((message) => ({ content: message.content, authorId: message.author_id ?? null })) ?? null,
          channelId: body.channel_id ?? null,
        });
      },
    }),
    endpoint({
      ...common,
      method: "GET",
      path: path("lockdown"),
      params: guildIdParams,
      handler: async ({ db, params }) => lockdownState(db, params.guildId, lockdownChannelIds((await readPluginState(db, params.guildId, moderator)).config)),
    }),
    endpoint({
      ...common,
      method: "PATCH",
      path: path("lockdown"),
      params: guildIdParams,
      body: z.strictObject({ enabled: z.boolean() }),
      handler: async ({ db, body, access }) => {
        const state = await readPluginState(db, access.guildId, moderator);
        const channelIds = lockdownChannelIds(state.config);
        if (!body.enabled) return unlock(db, access, channelIds);
        if (channelIds.length === 0) throw new ApiError(400, "lockdown_no_channels", "Choose the channels a lockdown locks first.", [fieldIssue("lockdown_channel_ids", "required")]);
        const texts = await guildDefaultTexts(access.guildId, access.guild.preferred_locale);
        return lock(db, access, channelIds, withDefaultText(String(state.config.lockdown_message ?? ""), texts));
      },
    }),
    endpoint({
      ...common,
      method: "GET",
      path: path("mutes"),
      params: guildIdParams,
      query: z.object({ user_id: platformId("user").optional() }),
      handler: async ({ db, params, query }) => {
        const state = await readPluginState(db, params.guildId, moderator);
        const muteRole = typeof state.config.mute_role_id === "string" && state.config.mute_role_id ? state.config.mute_role_id : null;
        return { mutes: await listMuteEntries(db, params.guildId, muteRole, query.user_id ? { userId: query.user_id } : {}) };
      },
    }),
    endpoint({
      ...common,
      method: "GET",
      path: path("bans"),
      params: guildIdParams,
      query: z.object({ user_id: platformId("user").optional(), cursor: platformId("user").optional() }),
      handler: async ({ db, params, query }) => listBanEntries(db, params.guildId, { ...(query.user_id ? { userId: query.user_id } : {}), ...(query.cursor ? { cursor: query.cursor } : {}) }),
    }),
  ];
}
