"use client";

import { useId, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import { apiFetch, TransportError } from "@/lib/http/client-fetch";
import type { DryRunResult } from "@/lib/moderation/automod/dry-run";
import type { AutomodAction, AutomodTrigger } from "@/lib/moderation/automod/triggers";
import formStyles from "@/components/settings-form/form.module.css";
import styles from "./automod-dry-run.module.css";

// The dry run's form: type messages (one per line) or pick a channel, and see which rule each
// message breaks and what the bot would do, before a rule acts (rules saved switched off are tried
// too). Its section, title and intro are drawn by the server (automod-dry-run-section.tsx); this
// code loads once the page is interactive (lazy-automod-dry-run.tsx).

export const MAX_TRIED = 50;

export type DryRunText = Record<
  "source" | "pasted" | "channel" | "messagesLabel" | "channelLabel" | "chooseChannel" | "run" | "running" | "paused" | "passes" | "off" | "found" | "error" | "empty" | "results" | "tooMany" | "author",
  string
>;

export type DryRunProps = {
  guildId: string;
  channels: Array<{ id: string; name: string }>;
  text: DryRunText;
  triggers: Record<AutomodTrigger, string>;
  actions: Record<AutomodAction, string>;
};

export function AutomodDryRunForm({ guildId, channels, text, triggers, actions }: DryRunProps) {
  const id = useId();
  const [source, setSource] = useState<"pasted" | "channel">("pasted");
  const [lines, setLines] = useState("");
  const [channelId, setChannelId] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<DryRunResult | null>(null);

  const typed = lines.split("\n").map((line) => line.trim()).filter(Boolean);

  async function run(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (source === "pasted" && typed.length === 0) return setProblem(text.empty);
    if (source === "channel" && !channelId) return setProblem(text.chooseChannel);
    setBusy(true);
    try {
      const body = source === "pasted" ? { messages: typed.slice(0, MAX_TRIED).map((content) => ({ content })) } : { channel_id: channelId };
      setResult(await apiFetch<DryRunResult>(`/plugins/moderator/guilds/${guildId}/rules/dry-run`, { method: "POST", body, silent: true }));
    } catch (error) {
      const message = error instanceof TransportError && typeof (error.body as { message?: unknown })?.message === "string" ? (error.body as { message: string }).message : text.error;
      setProblem(message);
    } finally {
      setBusy(false);
    }
  }

  const caught = result?.results.filter((entry) => entry.matches.length > 0) ?? [];
  const passing = (result?.results.length ?? 0) - caught.length;

  return (
    <>
      <form onSubmit={run} className={styles.form}>
        <fieldset className={styles.sources}>
          <legend>{text.source}</legend>
          {(["pasted", "channel"] as const).map((value) => (
            <label key={value}>
              <input type="radio" name={`${id}-source`} value={value} checked={source === value} onChange={() => setSource(value)} />
              {text[value]}
            </label>
          ))}
        </fieldset>
        {source === "pasted" ? (
          <label className={styles.field}>
            <span>{text.messagesLabel}</span>
            <textarea className={`${formStyles.input} ${formStyles.textarea}`} value={lines} onChange={(event) => setLines(event.target.value)} rows={5} maxLength={20_000} />
            {typed.length > MAX_TRIED ? <small>{text.tooMany}</small> : null}
          </label>
        ) : (
          <label className={styles.field}>
            <span>{text.channelLabel}</span>
            <select className={`${formStyles.input} ${formStyles.select}`} value={channelId} onChange={(event) => setChannelId(event.target.value)}>
              <option value="">{text.chooseChannel}</option>
              {channels.map((channel) => (
                <option key={channel.id} value={channel.id}>
                  #{channel.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className={styles.row}>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {busy ? text.running : text.run}
          </button>
          <p role="status" aria-live="polite" className={styles.problem}>
            {problem}
          </p>
        </div>
      </form>
      {result ? (
        <div className={styles.results} aria-live="polite">
          <h4>{text.results}</h4>
          {result.paused ? <p className={styles.paused}>{text.paused}</p> : null}
          <ul className={styles.list}>
            {caught.map((entry, index) => (
              <li key={entry.message.id ?? index} className={styles.item}>
                <blockquote dir="auto">{entry.message.content}</blockquote>
                {entry.message.author ? <p className={styles.author}>{fill(text.author, { name: entry.message.author.name })}</p> : null}
                <ul className={styles.matches}>
                  {entry.matches.map((match) => (
                    <li key={match.rule}>
                      <strong>{match.name || triggers[match.trigger]}</strong>
                      {match.enabled ? null : <span className="badge">{text.off}</span>} <span>{fill(text.found, { detail: match.detail })}</span>
                      <span className={styles.actions}>{match.actions.map((action) => actions[action]).join(" · ")}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {passing > 0 ? <p>{fill(text.passes, { count: passing })}</p> : null}
        </div>
      ) : null}
    </>
  );
}
