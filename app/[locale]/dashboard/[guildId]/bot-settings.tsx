"use client";

import { useId, useState } from "react";
import { TimeZoneCombobox } from "@/components/pickers/time-zone-combobox";
import type { PickerLabels } from "@/components/pickers/labels";
import { reportUnshownError } from "@/components/report-error";
import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import formStyles from "@/components/settings-form/form.module.css";
import styles from "./overview.module.css";

export type BotSettingsText = {
  title: string;
  description: string;
  language: string;
  /** "{language}": the guild's language on the platform. */
  languageAuto: string;
  timeZone: string;
  timeZoneHelp: string;
  clear: string;
  save: string;
  saving: string;
  saved: string;
  conflict: string;
  noMatches: string;
};

type Stored = { locale: string | null; timezone: string | null; version: number };
type Props = {
  guildId: string;
  initial: Stored;
  /** Our 9 languages: code and name in the reader's language. */
  languages: ReadonlyArray<{ code: string; name: string }>;
  /** The guild's own language on the platform, named in the reader's language. */
  platformLanguage: string;
  text: BotSettingsText;
  pickerLabels: PickerLabels;
};

/**
 * The guild-wide settings of the bot a manager meets first: the language its default messages
 * are sent in and the time zone dates are picked in. Saved with If-Match like every setting.
 */
export function BotSettings({ guildId, initial, languages, platformLanguage, text, pickerLabels }: Props) {
  const id = useId();
  const [saved, setSaved] = useState(initial);
  const [locale, setLocale] = useState(initial.locale ?? "");
  const [timezone, setTimezone] = useState<string | null>(initial.timezone);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string>("");
  const changed = locale !== (saved.locale ?? "") || timezone !== saved.timezone;

  async function save() {
    if (busy || !changed) return;
    setBusy(true);
    setStatus("");
    try {
      const guild = await apiFetch<Stored>(`/guilds/${guildId}`, {
        method: "PATCH",
        body: { locale: locale === "" ? null : locale, timezone },
        headers: { "If-Match": `"${saved.version}"` },
        handles: ["version_conflict"],
      });
      setSaved({ locale: guild.locale, timezone: guild.timezone, version: guild.version });
      setStatus(text.saved);
    } catch (error) {
      if (error instanceof TransportError && errorCodeOf(error.body) === "version_conflict") setStatus(text.conflict);
      else reportUnshownError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.botSettings} aria-labelledby={`${id}-title`} data-testid="bot-settings">
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {text.title}
      </h2>
      <p className={styles.botSettingsIntro}>{text.description}</p>
      <form
        className={styles.botSettingsForm}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className={styles.botSetting}>
          <label htmlFor={`${id}-language`}>{text.language}</label>
          <select id={`${id}-language`} className={formStyles.input} value={locale} onChange={(event) => setLocale(event.target.value)} disabled={busy}>
            <option value="">{text.languageAuto.replace("{language}", platformLanguage)}</option>
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.botSetting}>
          <label htmlFor={`${id}-zone`}>{text.timeZone}</label>
          <p id={`${id}-zone-help`} className={styles.botSettingHelp}>
            {text.timeZoneHelp}
          </p>
          <div className={`${styles.botSettingRow} ${styles.botSettingZone}`}>
            <TimeZoneCombobox id={`${id}-zone`} value={timezone} onSelect={setTimezone} labels={pickerLabels} noMatches={text.noMatches} disabled={busy} describedBy={`${id}-zone-help`} />
            {timezone ? (
              <button type="button" className="button button-ghost button-small" onClick={() => setTimezone(null)} disabled={busy}>
                {text.clear}
              </button>
            ) : null}
          </div>
        </div>
        <div className={styles.botSettingRow}>
          <button type="submit" className="button button-primary button-small" disabled={busy || !changed} aria-busy={busy}>
            {busy ? text.saving : text.save}
          </button>
          <p role="status" className={styles.botSettingHelp}>
            {status}
          </p>
        </div>
      </form>
    </section>
  );
}
