"use client";

import { useId, useState } from "react";
import { fillNodes } from "@/components/pickers/fill-nodes";
import { reportUnshownError } from "@/components/report-error";
import { apiFetch, errorCodeOf, errorMessageOf, TransportError } from "@/lib/http/client-fetch";
import type { ImportPlan as Plan, PlannedPlugin } from "@/lib/settings-transfer/settings-file";
import { plural } from "./plural";
import styles from "./copy.module.css";

export type ImportText = {
  fileLabel: string;
  fileHelp: string;
  unreadable: string;
  checking: string;
  planTitle: string;
  planServer: string;
  planNothing: string;
  turnedOn: string;
  turnedOff: string;
  /** ICU plurals of `count`, formatted in the browser (./plural.ts). */
  settingsCount: string;
  itemsAdded: string;
  itemsChanged: string;
  itemsRemoved: string;
  skippedTitle: string;
  unmatchedTitle: string;
  unmatchedBody: string;
  unmatchedChannels: string;
  unmatchedRoles: string;
  allMatched: string;
  /** Names the server as `{name}`, filled here so the name keeps its own direction. */
  replaceWarning: string;
  apply: string;
  applying: string;
  applied: string;
};

type Props = {
  guildId: string;
  guildName: string;
  locale: string;
  pluginNames: Record<string, string>;
  /** Titles of lists by "plugin/collection". */
  collectionTitles: Record<string, string>;
  text: ImportText;
};

type Step = { kind: "idle" } | { kind: "checking" } | { kind: "error"; message: string } | { kind: "plan"; file: unknown; plan: Plan } | { kind: "applying"; file: unknown; plan: Plan } | { kind: "done"; plan: Plan };

/** Reads an exported settings file in the browser, shows what importing it would change, then applies it on request. */
export function ImportSettings({ guildId, guildName, locale, pluginNames, collectionTitles, text }: Props) {
  const inputId = useId();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const endpoint = `/guilds/${guildId}/settings-import`;

  async function onFile(file: File | undefined) {
    if (!file) return setStep({ kind: "idle" });
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      return setStep({ kind: "error", message: text.unreadable });
    }
    setStep({ kind: "checking" });
    try {
      const result = await apiFetch<{ plan: Plan }>(endpoint, { method: "POST", body: { file: parsed, apply: false }, handles: ["invalid_settings_file"] });
      setStep({ kind: "plan", file: parsed, plan: result.plan });
    } catch (error) {
      const message = inlineMessage(error);
      setStep(message ? { kind: "error", message } : { kind: "idle" });
    }
  }

  async function apply() {
    if (step.kind !== "plan") return;
    setStep({ kind: "applying", file: step.file, plan: step.plan });
    try {
      await apiFetch(endpoint, { method: "POST", body: { file: step.file, apply: true }, handles: ["invalid_settings_file"] });
      setStep({ kind: "done", plan: step.plan });
    } catch (error) {
      const message = inlineMessage(error);
      setStep(message ? { kind: "error", message } : { kind: "plan", file: step.file, plan: step.plan });
    }
  }

  const plan = step.kind === "plan" || step.kind === "applying" || step.kind === "done" ? step.plan : null;
  const changes = plan ? plan.plugins.length + (plan.settings.length > 0 ? 1 : 0) : 0;
  const unmatched = plan ? plan.unmatched.channels.length + plan.unmatched.roles.length : 0;
  const count = (message: string, value: number) => plural(message, value, locale);
  const listFormat = new Intl.ListFormat(locale, { type: "conjunction" });
  const listTitle = (pluginId: string, collection: string) => collectionTitles[`${pluginId}/${collection}`] ?? collection;
  /** "Turned on · 2 settings · Timers: 1 item added"; a list named like its plugin is not named again. */
  const summary = (change: PlannedPlugin) =>
    [
      change.enabled === undefined ? null : change.enabled ? text.turnedOn : text.turnedOff,
      change.settings.length > 0 ? count(text.settingsCount, change.settings.length) : null,
      ...change.collections.map((list) => {
        const counts = (
          [
            [text.itemsAdded, list.added],
            [text.itemsChanged, list.changed],
            [text.itemsRemoved, list.removed],
          ] as const
        )
          .filter(([, value]) => value > 0)
          .map(([message, value]) => count(message, value));
        const counted = listFormat.format(counts);
        const title = listTitle(change.id, list.name);
        return title === pluginNames[change.id] ? counted : `${title}: ${counted}`;
      }),
    ]
      .filter(Boolean)
      .join(" · ");
  /** "Reminder (Timers)", "xqc (Twitch · Streamers)". */
  const skippedName = ({ collection, title }: Plan["skipped"][number]) => {
    const [pluginId = "", name = ""] = collection.split("/");
    const list = listTitle(pluginId, name);
    const plugin = pluginNames[pluginId] ?? pluginId;
    return `${title} (${list === plugin ? plugin : `${plugin} · ${list}`})`;
  };

  return (
    <div className={styles.import}>
      <div className={styles.field}>
        <label htmlFor={inputId} className={styles.label}>
          {text.fileLabel}
        </label>
        <p id={`${inputId}-help`} className={styles.help}>
          {text.fileHelp}
        </p>
        <input
          id={inputId}
          type="file"
          accept="application/json,.json"
          className={styles.file}
          data-testid="import-file"
          aria-describedby={`${inputId}-help${step.kind === "error" ? ` ${inputId}-error` : ""}`}
          aria-invalid={step.kind === "error" || undefined}
          disabled={step.kind === "checking" || step.kind === "applying"}
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
      </div>

      <div role="status" aria-live="polite">
        {step.kind === "checking" ? <p className={styles.help}>{text.checking}</p> : null}
        {step.kind === "error" ? (
          <p id={`${inputId}-error`} className="notice notice-error">
            {step.message}
          </p>
        ) : null}
        {step.kind === "done" ? (
          <p className={`notice ${styles.success}`} data-testid="import-done">
            {text.applied}
          </p>
        ) : null}
      </div>

      {plan && step.kind !== "done" ? (
        <section className={styles.plan} data-testid="import-plan" aria-labelledby={`${inputId}-plan`}>
          <h3 id={`${inputId}-plan`}>{text.planTitle}</h3>
          {changes === 0 ? (
            <p className={styles.help} data-testid="import-nothing">
              {text.planNothing}
            </p>
          ) : (
            <ul className={styles.counts} data-testid="import-changes">
              {plan.plugins.map((change) => (
                <li key={change.id}>
                  <span className={styles.changeName}>{pluginNames[change.id] ?? change.id}</span>
                  <span className={styles.changeCounts}>{summary(change)}</span>
                </li>
              ))}
              {plan.settings.length > 0 ? (
                <li>
                  <span className={styles.changeName}>{text.planServer}</span>
                  <span className={styles.changeCounts}>{count(text.settingsCount, plan.settings.length)}</span>
                </li>
              ) : null}
            </ul>
          )}
          {plan.skipped.length > 0 ? (
            <div className="notice notice-warning" data-testid="import-skipped">
              <div>
                <strong>{text.skippedTitle}</strong>
                <p className={styles.noticeBody}>
                  <Names format={listFormat} names={plan.skipped.map(skippedName)} />
                </p>
              </div>
            </div>
          ) : null}
          {changes > 0 && unmatched > 0 ? (
            <div className="notice notice-warning" data-testid="import-unmatched">
              <div>
                <strong>{text.unmatchedTitle}</strong>
                <p className={styles.noticeBody}>{text.unmatchedBody}</p>
                {plan.unmatched.channels.length > 0 ? (
                  <p className={styles.noticeBody}>
                    {text.unmatchedChannels} <Names format={listFormat} names={plan.unmatched.channels} />
                  </p>
                ) : null}
                {plan.unmatched.roles.length > 0 ? (
                  <p className={styles.noticeBody}>
                    {text.unmatchedRoles} <Names format={listFormat} names={plan.unmatched.roles} />
                  </p>
                ) : null}
              </div>
            </div>
          ) : changes > 0 ? (
            <p className={styles.help}>{text.allMatched}</p>
          ) : null}
          {changes > 0 ? (
            <>
              <p className={styles.warning}>{fillNodes(text.replaceWarning, { name: guildName })}</p>
              <button type="button" className="button button-primary" data-testid="apply-import" onClick={() => void apply()} disabled={step.kind === "applying"} aria-busy={step.kind === "applying"}>
                {step.kind === "applying" ? text.applying : text.apply}
              </button>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** Names from the other server in the page's list words; each isolated, so "#general" stays whole on a right-to-left page. */
function Names({ format, names }: { format: Intl.ListFormat; names: string[] }) {
  return format.formatToParts(names).map((part, index) => (part.type === "element" ? <bdi key={index}>{part.value}</bdi> : part.value));
}

/** The message of a bad-file answer, shown beside the input; other failures were already reported. */
function inlineMessage(error: unknown): string | undefined {
  if (error instanceof TransportError && errorCodeOf(error.body) === "invalid_settings_file") return errorMessageOf(error.body) ?? error.message;
  reportUnshownError(error);
  return undefined;
}
