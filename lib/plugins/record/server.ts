import "server-only";
import { NextResponse } from "next/server";
import { auditTarget, recordAudit } from "@/lib/audit/record";
import { ApiError } from "@/lib/http/api-error";
import { guildIdParams } from "@/lib/platform/snowflake";
import { inputUuid } from "@/lib/validation/text";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { record } from "./definition";
import { deleteRecordingFile, downloadLink } from "./files";
import { deleteRecordingRow, getRecording, listRecordings, recordingListQuery } from "./recordings";

const recordingParams = guildIdParams.extend({ recordingId: inputUuid("must be a recording id") });

/** Record is a Premium plugin: a free server's recordings stay stored but are not listed, downloaded or deleted here. */
function assertPremium(premium: boolean): void {
  if (!premium) throw new ApiError(403, "premium_required", "record is a premium plugin.");
}

const notFound = () => new ApiError(404, "recording_not_found", "This server has no recording with this id.");

// The recordings the bot reported (lib/bot-contract/events.ts recording_finished):
// - the list, newest first, in keyset pages;
// - a download link, short-lived (lib/plugins/record/files.ts);
// - delete: the row and its audit row in one transaction, then the audio (a file left behind
//   by a failed removal is unreachable: links are only made for listed recordings).
export function recordEndpoints(): PluginEndpoint[] {
  return [
    endpoint({
      method: "GET",
      path: "/record/guilds/:guildId/recordings",
      plugin: record.id,
      params: guildIdParams,
      query: recordingListQuery,
      handler: async ({ db, params, query, access }) => {
        assertPremium(access.premium);
        return listRecordings(db, params.guildId, query);
      },
    }),
    endpoint({
      method: "GET",
      path: "/record/guilds/:guildId/recordings/:recordingId/download-link",
      plugin: record.id,
      params: recordingParams,
      handler: async ({ db, params, access }) => {
        assertPremium(access.premium);
        const recording = await getRecording(db, params.guildId, params.recordingId);
        if (!recording) throw notFound();
        return downloadLink(recording, new Date());
      },
    }),
    endpoint({
      method: "DELETE",
      path: "/record/guilds/:guildId/recordings/:recordingId",
      plugin: record.id,
      params: recordingParams,
      handler: async ({ db, params, access, changesOnlyPagesOf }) => {
        assertPremium(access.premium);
        const deleted = await db.transaction(async (tx) => {
          const row = await deleteRecordingRow(tx, params.guildId, params.recordingId);
          if (!row) throw notFound();
          const { storageKey: _key, guildId: _guild, createdAt: _created, ...kept } = row;
          await recordAudit(tx, { guildId: params.guildId, userId: access.userId, action: "recording.delete", target: auditTarget.recording(row.id), before: kept, after: null });
          return row;
        });
        changesOnlyPagesOf(record.id);
        await deleteRecordingFile(deleted.storageKey);
        return new NextResponse(null, { status: 204 });
      },
    }),
  ];
}
