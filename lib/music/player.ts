import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { musicCommands, musicPlayers, musicTracks } from "@/lib/db/schema";
import { publish, scheduleWhileWatched } from "./live";
import { currentIndex, settle, type Draft } from "./queue";
import type { PlayerState } from "./state";

// The player of a guild in Postgres. Every command runs in one transaction that first locks
// the guild's music_players row (SELECT … FOR UPDATE), so two admins' commands apply one
// after the other to the queue as the other left it: one order, whoever clicked first. The
// same transaction writes the new state, the command for the bot (music_commands, the
// outbox) and, for queue and voice changes, the audit event; the state is published to the
// live streams only once committed.

type PlayerRow = typeof musicPlayers.$inferSelect;
type TrackRow = typeof musicTracks.$inferSelect;

/** What a command tells the bot (the outbox row) and, for changes worth a trace, the audit log. */
export type Outcome = {
  command: string;
  payload: Record<string, unknown>;
  audit?: { target: string; before: unknown; after: unknown };
};

async function loadRows(db: Db | Tx, guildId: string, lock: boolean): Promise<{ player: PlayerRow | undefined; tracks: TrackRow[] }> {
  const select = db.select().from(musicPlayers).where(eq(musicPlayers.guildId, guildId));
  const [player] = lock ? await select.for("update") : await select;
  const tracks = await db.select().from(musicTracks).where(eq(musicTracks.guildId, guildId)).orderBy(asc(musicTracks.position));
  return { player, tracks };
}

function draftOf(player: PlayerRow | undefined, tracks: TrackRow[]): Draft {
  return {
    status: player?.status ?? "stopped",
    voiceChannelId: player?.voiceChannelId ?? null,
    currentTrackId: player?.currentTrackId ?? null,
    positionMs: player?.positionMs ?? 0,
    startedAt: player?.startedAt?.getTime() ?? null,
    tracks: tracks.map(({ id, title, artist, url, durationMs, thumbnail, addedBy }) => ({ id, title, artist, url, durationMs, thumbnail, addedBy })),
  };
}

function stateOf(draft: Draft, version: number, now: number): PlayerState {
  return {
    version,
    status: draft.status,
    voice_channel_id: draft.voiceChannelId,
    tracks: draft.tracks.map((track) => ({
      id: track.id,
      title: track.title,
      artist: track.artist,
      url: track.url,
      duration_ms: track.durationMs,
      thumbnail: track.thumbnail,
      added_by: track.addedBy,
    })),
    current_index: currentIndex(draft),
    position_ms: draft.positionMs,
    started_at: draft.startedAt === null ? null : new Date(draft.startedAt).toISOString(),
    server_time: new Date(now).toISOString(),
  };
}

/** Writes the draft's queue over the stored one: new rows, removed rows, changed positions. */
async function saveTracks(tx: Tx, guildId: string, stored: TrackRow[], draft: Draft): Promise<void> {
  const positions = new Map(stored.map((track) => [track.id, track.position]));
  const kept = new Set(draft.tracks.map((track) => track.id));
  const removed = stored.filter((track) => !kept.has(track.id)).map((track) => track.id);
  if (removed.length > 0) await tx.delete(musicTracks).where(and(eq(musicTracks.guildId, guildId), inArray(musicTracks.id, removed)));
  for (const [position, track] of draft.tracks.entries()) {
    const before = positions.get(track.id);
    if (before === undefined) await tx.insert(musicTracks).values({ guildId, position, ...track });
    else if (before !== position) await tx.update(musicTracks).set({ position }).where(and(eq(musicTracks.guildId, guildId), eq(musicTracks.id, track.id)));
  }
}

/**
 * Applies one command to the guild's player under its row lock (see the top of this file)
 * and returns the new state. `apply` throws an ApiError to refuse (nothing is written) or
 * returns the outcome; null is a change only the player sees (tracks that ended).
 */
export async function runCommand(db: Db, guildId: string, userId: string, apply: (draft: Draft, now: number) => Outcome | null | Promise<Outcome | null>): Promise<PlayerState> {
  const state = await db.transaction(async (tx) => {
    await tx.insert(musicPlayers).values({ guildId }).onConflictDoNothing();
    const { player, tracks } = await loadRows(tx, guildId, true);
    const now = Date.now();
    const draft = draftOf(player, tracks);
    const advanced = settle(draft, now);
    const outcome = await apply(draft, now);
    const version = player!.version + (advanced || outcome ? 1 : 0);
    if (!advanced && !outcome) return { changed: false, state: stateOf(draft, version, now) };
    await saveTracks(tx, guildId, tracks, draft);
    await tx
      .update(musicPlayers)
      .set({
        status: draft.status,
        voiceChannelId: draft.voiceChannelId,
        currentTrackId: draft.currentTrackId,
        positionMs: Math.round(draft.positionMs),
        startedAt: draft.startedAt === null ? null : new Date(draft.startedAt),
        version,
        updatedAt: new Date(now),
      })
      .where(eq(musicPlayers.guildId, guildId));
    if (outcome) {
      await tx.insert(musicCommands).values({ guildId, command: outcome.command, payload: { ...outcome.payload, version }, issuedBy: userId });
      if (outcome.audit) await recordAudit(tx, { guildId, userId, action: "plugin.update", ...outcome.audit });
    }
    return { changed: true, state: stateOf(draft, version, now) };
  });
  if (state.changed) await announce(guildId, state.state);
  return state.state;
}

/**
 * The guild's player as of now. Tracks that ended since the last write are moved past here,
 * lazily: no process ticks a player nobody looks at (the bot itself would report them).
 */
export async function readPlayer(db: Db, guildId: string): Promise<PlayerState> {
  const { player, tracks } = await loadRows(db, guildId, false);
  const now = Date.now();
  const draft = draftOf(player, tracks);
  if (settle(draft, now)) return runCommand(db, guildId, "system", () => null);
  return stateOf(draft, player?.version ?? 0, now);
}

/** Tells the open streams of every instance, and wakes this one's when the current track ends (only while someone listens). */
export async function announce(guildId: string, state: PlayerState): Promise<void> {
  watchTrackEnd(guildId, state);
  await publish(guildId, state);
}

export function watchTrackEnd(guildId: string, state: PlayerState): void {
  const length = state.tracks[state.current_index]?.duration_ms ?? null;
  const startedAt = state.started_at === null ? null : Date.parse(state.started_at);
  // A track of unknown length never ends here: no timer.
  const delay = state.status === "playing" && length !== null && startedAt !== null ? Math.max(0, startedAt + length - state.position_ms - Date.now()) + 25 : null;
  scheduleWhileWatched(guildId, delay, () => {
    getDb()
      .then((db) => readPlayer(db, guildId))
      // Woken a moment early (clocks differ), nothing ended yet: wait again.
      .then((current) => watchTrackEnd(guildId, current))
      .catch((error: unknown) => console.error(`music: advancing the player of guild ${guildId} failed`, error));
  });
}
