"use client";

import { useState, type FormEvent } from "react";
import { usePluginEnabled } from "@/components/use-plugin-enabled";
import { fill } from "@/lib/i18n/fill";
import { reportUnshownError } from "@/components/report-error";
import { apiFetch, errorCodeOf, errorMessageOf, TransportError } from "@/lib/http/client-fetch";
import { progressAt, type FoundTrack, type QueueTrack } from "@/lib/music/state";
import { MusicQueue } from "./music-queue";
import { TrackLength } from "./track-length";
import { clock, type MusicErrorCode, type MusicPlayerText } from "./text";
import { usePlayer, type Feedback, type Problem } from "./use-player";
import styles from "./music-player.module.css";

/** What a search may answer besides results: handled inline, not by the error modal. */
const SEARCH_FAILURES = ["validation_failed", "provider_not_configured", "provider_unavailable", "provider_rate_limited", "provider_bad_answer"];

type Props = {
  guildId: string;
  voiceChannels: Array<{ id: string; name: string }>;
  text: MusicPlayerText;
  /** The plugin's name and whether it is on: while it is off the bot plays nothing, and the player says so. */
  plugin: { name: string; enabled: boolean };
};

/** The guild's music player: now playing, transport, voice channel, search and the queue, live for every open dashboard. */
export function MusicPlayer({ guildId, voiceChannels, text, plugin }: Props) {
  const music = usePluginEnabled(guildId, "music", plugin.enabled);
  const { state, connection, pending, command, now, base } = usePlayer(guildId);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [voiceChoice, setVoiceChoice] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<{ query: string; tracks: FoundTrack[] } | null>(null);
  const [searching, setSearching] = useState(false);

  function explain(problem: Problem): string {
    return problem.code in text.errors ? text.errors[problem.code as keyof typeof text.errors] : problem.message || text.errors.failed;
  }

  async function run(name: string, path: string, method: "POST" | "DELETE", body: unknown, done: string): Promise<void> {
    setFeedback(null);
    const problem = await command(name, path, method, body);
    setFeedback(problem ? { kind: "error", text: explain(problem) } : { kind: "done", text: done });
  }

  async function search(event: FormEvent) {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    setSearching(true);
    setFeedback(null);
    try {
      const answer = await apiFetch<{ tracks: FoundTrack[] }>(`${base}/search?${new URLSearchParams({ q })}`, { handles: SEARCH_FAILURES });
      setResults({ query: q, tracks: answer.tracks });
    } catch (error) {
      const code = error instanceof TransportError ? errorCodeOf(error.body) : undefined;
      // A refused query or link says why in the page's language (the server words its fields); the services' failures are ours to word.
      if (code === "validation_failed") setFeedback({ kind: "error", text: errorMessageOf((error as TransportError).body) ?? text.errors.failed });
      else if (code && code in text.errors) setFeedback({ kind: "error", text: text.errors[code as MusicErrorCode] });
      else reportUnshownError(error);
    } finally {
      setSearching(false);
    }
  }

  if (!state) {
    return (
      <p className={styles.connecting} role="status" data-testid="music-connecting">
        <span className={styles.pulse} aria-hidden="true" />
        {text.connecting}
      </p>
    );
  }

  const track = state.tracks[state.current_index];
  /** Null while nothing plays, and for a track whose host did not tell its length. */
  const length = track?.duration_ms ?? null;
  const elapsed = progressAt(state, now);
  const voice = voiceChannels.find((channel) => channel.id === state.voice_channel_id);
  const selectedVoice = voiceChoice ?? state.voice_channel_id ?? "";
  const busy = (name: string) => pending === name;
  const toggle = state.status === "playing" ? "pause" : state.status === "paused" ? "resume" : "play";

  return (
    <div className={styles.player} data-testid="music-player">
      <p className={styles.connection} data-state={connection} role="status">
        <span className={styles.dot} aria-hidden="true" />
        {connection === "live" ? text.live : connection === "reconnecting" ? text.reconnecting : text.connecting}
      </p>
      {!music.enabled ? (
        <p className="notice notice-warning" data-testid="plugin-off">
          {fill(text.pluginOff, { plugin: plugin.name })}{" "}
          <button type="button" className="button button-secondary button-small" onClick={() => void music.turnOn()} disabled={music.enabling} aria-busy={music.enabling}>
            {fill(text.turnOn, { plugin: plugin.name })}
          </button>
        </p>
      ) : music.turnedOnHere ? (
        <p className="notice" role="status">
          {fill(text.turnedOn, { plugin: plugin.name })}
        </p>
      ) : null}

      <div className={styles.nowPlaying}>
        <h3 className={styles.label}>{text.nowPlaying}</h3>
        {track ? (
          <p className={styles.nowTitle} data-testid="music-now-playing">
            <bdi>{track.title}</bdi> <span className={styles.nowArtist}><bdi>{track.artist}</bdi></span>
          </p>
        ) : (
          <p className={styles.nowTitle}>{text.nothingPlaying}</p>
        )}
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={text.nowPlaying}
          aria-valuemin={0}
          aria-valuemax={Math.round((length ?? 0) / 1000)}
          aria-valuenow={Math.round(elapsed / 1000)}
          aria-valuetext={length === null && track ? fill(text.progressUnknown, { elapsed: clock(elapsed) }) : fill(text.progress, { elapsed: clock(elapsed), total: clock(length ?? 0) })}
        >
          <span className={styles.fill} style={{ inlineSize: `${length ? (100 * elapsed) / length : 0}%` }} />
        </div>
        <p className={styles.times} aria-hidden="true">
          <span>{clock(elapsed)}</span>
          <span>{length === null && track ? "–:––" : clock(length ?? 0)}</span>
        </p>
        <div className={styles.transport}>
          <button type="button" className="button button-secondary" aria-label={text.previous} title={text.previous} aria-busy={busy("previous")} disabled={pending !== null || state.tracks.length === 0} onClick={() => void run("previous", "previous", "POST", undefined, text.feedback.previous)}>
            <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M6 5h2v14H6zM20 5v14L9 12z" /></svg>
          </button>
          <button
            type="button"
            className="button button-primary"
            data-testid="music-toggle"
            aria-busy={busy(toggle)}
            disabled={pending !== null || state.tracks.length === 0}
            onClick={() => void run(toggle, toggle, "POST", toggle === "play" ? {} : undefined, toggle === "pause" ? text.feedback.paused : toggle === "resume" ? text.feedback.resumed : text.feedback.started)}
          >
            {state.status === "playing" ? (
              <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M7 5h4v14H7zM13 5h4v14h-4z" /></svg>
            ) : (
              <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M8 5v14l11-7z" /></svg>
            )}
            {state.status === "playing" ? text.pause : text.play}
          </button>
          <button type="button" className="button button-secondary" aria-label={text.next} title={text.next} aria-busy={busy("next")} disabled={pending !== null || !track} onClick={() => void run("next", "next", "POST", undefined, text.feedback.next)}>
            <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M16 5h2v14h-2zM4 5v14l11-7z" /></svg>
          </button>
        </div>
      </div>

      <form
        className={styles.voice}
        onSubmit={(event) => {
          event.preventDefault();
          if (selectedVoice) void run("join", "join", "POST", { channel_id: selectedVoice }, fill(text.feedback.joined, { channel: voiceChannels.find((channel) => channel.id === selectedVoice)?.name ?? "" }));
        }}
      >
        <label htmlFor="music-voice">{text.voiceLabel}</label>
        <div className={styles.voiceRow}>
          <select id="music-voice" className="input" value={selectedVoice} onChange={(event) => setVoiceChoice(event.target.value)} disabled={voiceChannels.length === 0}>
            <option value="" disabled>
              {voiceChannels.length === 0 ? text.noVoiceChannels : text.voicePlaceholder}
            </option>
            {voiceChannels.map((channel) => (
              <option key={channel.id} value={channel.id}>
                {channel.name}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary button-small" aria-busy={busy("join")} disabled={pending !== null || !selectedVoice || selectedVoice === state.voice_channel_id}>
            {text.join}
          </button>
          <button type="button" className="button button-ghost button-small" aria-busy={busy("leave")} disabled={pending !== null || !state.voice_channel_id} onClick={() => void run("leave", "join", "POST", { channel_id: null }, text.feedback.left)}>
            {text.leave}
          </button>
        </div>
        <p className={styles.hint}>{voice ? fill(text.inChannel, { channel: voice.name }) : text.notInChannel}</p>
      </form>

      <p className={feedback?.kind === "error" ? styles.error : styles.done} role={feedback?.kind === "error" ? "alert" : "status"} data-testid="music-feedback">
        {pending ? text.working : (feedback?.text ?? "")}
      </p>

      <section className={styles.search} aria-labelledby="music-search-heading">
        <h3 id="music-search-heading" className={styles.label}>
          {text.searchLabel}
        </h3>
        <form role="search" className={styles.searchRow} onSubmit={(event) => void search(event)}>
          <label htmlFor="music-search" className="visually-hidden">
            {text.searchLabel}
          </label>
          <input id="music-search" className="input" type="search" value={query} maxLength={500} placeholder={text.searchPlaceholder} aria-describedby="music-search-hint" onChange={(event) => setQuery(event.target.value)} />
          <button type="submit" className="button button-primary button-small" aria-busy={searching} disabled={searching || !query.trim()}>
            {searching ? text.searching : text.search}
          </button>
        </form>
        <p id="music-search-hint" className={styles.hint}>
          {text.searchHint}
        </p>
        {results ? <SearchResults results={results} text={text} pending={pending} onPick={(item, how) => void pick(item, how)} /> : null}
      </section>

      <section aria-labelledby="music-queue-heading">
        <h3 id="music-queue-heading" className={styles.label}>
          {text.queueTitle}
        </h3>
        <MusicQueue
          tracks={state.tracks}
          currentIndex={state.current_index}
          text={text}
          pending={pending}
          onMove={(item, index) => run(`move:${item.id}`, `tracks/${item.id}/move`, "POST", { index }, fill(text.feedback.moved, { title: item.title, position: index + 1 }))}
          onPlay={(index) => run(`play:${state.tracks[index]?.id}`, "play", "POST", { index }, fill(text.feedback.playing, { title: state.tracks[index]?.title ?? "" }))}
          onRemove={(item) => remove(item)}
        />
      </section>
    </div>
  );

  async function pick(item: FoundTrack, how: "now" | "next" | "end") {
    const named = { title: item.title };
    if (how === "now") return run(`pick:${item.url}`, "play", "POST", { url: item.url }, fill(text.feedback.playing, named));
    return run(`pick:${item.url}`, "tracks", "POST", { url: item.url, first: how === "next" }, fill(how === "next" ? text.feedback.addedNext : text.feedback.added, named));
  }

  async function remove(item: QueueTrack) {
    if (!window.confirm(fill(text.confirmRemove, { title: item.title }))) return;
    await run(`remove:${item.id}`, `tracks/${item.id}`, "DELETE", undefined, fill(text.feedback.removed, { title: item.title }));
  }
}

type ResultsProps = { results: { query: string; tracks: FoundTrack[] }; text: MusicPlayerText; pending: string | null; onPick: (track: FoundTrack, how: "now" | "next" | "end") => void };

function SearchResults({ results, text, pending, onPick }: ResultsProps) {
  if (results.tracks.length === 0) return <p className={styles.empty} role="status">{text.noResults}</p>;
  return (
    <>
      <p className="visually-hidden" role="status">{fill(text.results, { query: results.query })}</p>
      <ul className={styles.results} aria-label={fill(text.results, { query: results.query })} data-testid="music-results">
        {results.tracks.map((item) => {
          const named = { title: item.title };
          const busy = pending === `pick:${item.url}`;
          return (
            <li key={item.url} className={styles.row} aria-busy={busy}>
              <span className={styles.trackText}>
                <bdi className={styles.trackTitle}>{item.title}</bdi>
                <bdi className={styles.trackArtist}>{item.artist}</bdi>
              </span>
              <TrackLength ms={item.duration_ms} text={text} />
              <span className={styles.rowActions}>
                <button type="button" className="button button-secondary button-small" aria-label={fill(text.playNow, named)} disabled={pending !== null} onClick={() => onPick(item, "now")}>
                  {text.playShort}
                </button>
                <button type="button" className="button button-ghost button-small" aria-label={fill(text.playNext, named)} disabled={pending !== null} onClick={() => onPick(item, "next")}>
                  {text.nextShort}
                </button>
                <button type="button" className="button button-ghost button-small" aria-label={fill(text.addToQueue, named)} disabled={pending !== null} onClick={() => onPick(item, "end")}>
                  {text.addShort}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
