"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, errorCodeOf, errorMessageOf, TransportError } from "@/lib/http/client-fetch";
import { reportUnshownError } from "@/components/report-error";
import type { PlayerState } from "@/lib/music/state";

/** Codes the island explains inline, in the page's language (the rest raise the error modal). */
export const HANDLED_CODES = [
  "queue_empty",
  "not_in_voice",
  "nothing_playing",
  "not_playing",
  "not_paused",
  "track_not_found",
  "queue_full",
  "validation_failed",
  // A pasted link's host (or YouTube, for its length) failed.
  "provider_unavailable",
  "provider_rate_limited",
  "provider_bad_answer",
] as const;
export type HandledCode = (typeof HANDLED_CODES)[number];
/** Why a command failed: a handled code with the server's (translated) message, or "failed" after the error modal showed. */
export type Problem = { code: HandledCode | "failed"; message: string };

const TICK_MS = 500;

export type Feedback = { kind: "done" | "error"; text: string } | null;

/**
 * The guild's player as the server streams it (GET …/events), plus the commands. Every state
 * carries a version: a command's answer and a streamed event may arrive in either order, and
 * the newer one wins. `now` is the server's clock as of the last state or tick (every
 * half second while playing), for the progress bar.
 */
export function usePlayer(guildId: string) {
  const [state, setState] = useState<PlayerState | null>(null);
  const [connection, setConnection] = useState<"connecting" | "live" | "reconnecting">("connecting");
  const [pending, setPending] = useState<string | null>(null);
  const clockOffset = useRef(0);
  const [now, setNow] = useState(0);
  const base = `/plugins/music/guilds/${guildId}`;

  const accept = useCallback((next: PlayerState) => {
    clockOffset.current = Date.parse(next.server_time) - Date.now();
    setNow(Date.parse(next.server_time));
    setState((current) => (current && current.version > next.version ? current : next));
  }, []);

  useEffect(() => {
    const source = new EventSource(`/api${base}/events`);
    source.addEventListener("state", (event) => accept(JSON.parse((event as MessageEvent<string>).data) as PlayerState));
    source.onopen = () => setConnection("live");
    // EventSource reconnects by itself (the server says after 3 s); a refusal (signed out) closes it.
    source.onerror = () => setConnection(source.readyState === EventSource.CLOSED ? "connecting" : "reconnecting");
    return () => source.close();
  }, [base, accept]);

  /**
   * Sends one command; resolves to null when done, or to the inline error's code and
   * message. `name` says which control shows progress.
   */
  const command = useCallback(
    async (name: string, path: string, method: "POST" | "DELETE", body?: unknown): Promise<Problem | null> => {
      setPending(name);
      try {
        accept(await apiFetch<PlayerState>(`${base}/${path}`, { method, body, handles: HANDLED_CODES, keepsPages: true }));
        return null;
      } catch (error) {
        const code = error instanceof TransportError ? errorCodeOf(error.body) : undefined;
        if (code && (HANDLED_CODES as readonly string[]).includes(code)) return { code: code as HandledCode, message: errorMessageOf((error as TransportError).body) ?? "" };
        reportUnshownError(error);
        return { code: "failed", message: "" };
      } finally {
        setPending(null);
      }
    },
    [accept, base],
  );

  const playing = state?.status === "playing";
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setNow(Date.now() + clockOffset.current), TICK_MS);
    return () => clearInterval(timer);
  }, [playing]);

  return { state, connection, pending, command, now, base };
}
