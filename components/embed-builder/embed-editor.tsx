"use client";

import { useState } from "react";
import { MessageEditor } from "@/components/message-editor/message-editor";
import type { MessageEditorData } from "@/components/message-editor/types";
import { ColorControl } from "@/components/settings-form/controls";
import type { FormField, FormLabels, Pickers } from "@/components/settings-form/types";
import { EMBED_LIMITS, embedCharacterCount } from "@/lib/platform-messages/limits";
import { TIMESTAMP_NOW, type EmbedDraft } from "@/lib/plugins/embed-payload";
import { CountedText } from "./counted-text";
import { EmbedFieldList } from "./embed-field-list";
import { fill } from "@/lib/i18n/fill";
import { fillCount, fromLocalInput, limitText, problemsByPath, toLocalInput, withColor, withFields, withPart, withText, withTimestamp } from "./model";
import type { EmbedBuilderLabels } from "./types";
import styles from "./embed-builder.module.css";

const COLOR_FIELD: FormField = { name: "color", type: "integer", ui: "color", min: 0, max: 0xffffff, default: null, nullable: true, required: false };

type Props = {
  /** Id prefix of this embed's controls. */
  id: string;
  index: number;
  count: number;
  embed: EmbedDraft;
  onChange: (embed: EmbedDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** The server's error for a path relative to the embed ("title", "fields.0.name", "" for the embed). */
  serverError: (path: string) => string | undefined;
  labels: EmbedBuilderLabels;
  formLabels: FormLabels;
  fieldText: (key: string) => string;
  pickers: Pickers;
  data: MessageEditorData;
  disabled?: boolean;
};

/** A collapsible group (author, footer) that starts open when it holds something. */
function Group({ summary, filled, children }: { summary: string; filled: boolean; children: React.ReactNode }) {
  const [open, setOpen] = useState(filled);
  return (
    <details className={styles.group} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={styles.summary}>{summary}</summary>
      <div className={styles.groupBody}>{children}</div>
    </details>
  );
}

/** Every part of one embed, with live counters and the limits it breaks. */
export function EmbedEditor({ id, index, count, embed, onChange, onMove, onRemove, serverError, labels, formLabels, fieldText, pickers, data, disabled }: Props) {
  const problems = problemsByPath(embed);
  const message = (path: string) => {
    const problem = problems.get(path);
    return problem ? limitText(labels, problem) : serverError(path);
  };
  const total = embedCharacterCount(embed);
  const totalProblem = problems.get("");
  const ownError = serverError("");
  const name = fill(labels.embed, { number: index + 1 });
  const headingId = `${id}-heading`;
  const text = (key: "title" | "url", limit?: number, url?: boolean) => (
    <CountedText
      id={`${id}-${key}`}
      label={fieldText(key)}
      value={embed[key] ?? ""}
      onChange={(value) => onChange(withText(embed, key, value))}
      max={limit}
      counter={formLabels.characters}
      message={message(key)}
      url={url}
      disabled={disabled}
    />
  );
  const part = (which: "author" | "footer" | "image" | "thumbnail", key: string, label: string, limit?: number) => {
    const value = ((embed[which] as Record<string, string> | undefined) ?? {})[key] ?? "";
    const path = `${which}.${key}`;
    return (
      <CountedText
        id={`${id}-${which}-${key}`}
        label={label}
        value={value}
        onChange={(next) => onChange(withPart(embed, which, key, next))}
        max={limit}
        counter={formLabels.characters}
        message={message(path)}
        url={key !== "name" && key !== "text"}
        disabled={disabled}
      />
    );
  };
  const timestampMode = !embed.timestamp ? "none" : embed.timestamp === TIMESTAMP_NOW ? "now" : "date";
  const descriptionMessage = message("description");

  return (
    <section className={styles.card} aria-labelledby={headingId} data-testid={`embed-${index}`}>
      <header className={styles.cardHeader}>
        <h3 id={headingId} className={styles.cardTitle}>
          <span className={styles.colorDot} style={{ background: embed.color != null ? `#${embed.color.toString(16).padStart(6, "0")}` : undefined }} aria-hidden="true" />
          {name}
        </h3>
        <span className={`${styles.count} ${total > EMBED_LIMITS.total ? styles.countOver : ""}`} data-testid={`${id}-total`}>
          {fillCount(labels.embedTotal, total, EMBED_LIMITS.total)}
        </span>
        <span className={styles.cardActions}>
          <button type="button" id={`${id}-up`} className="button button-ghost button-small" disabled={disabled || index === 0} aria-label={fill(labels.moveEmbedUp, { number: index + 1 })} title={labels.moveUp} onClick={() => onMove(index - 1)}>
            ↑
          </button>
          <button
            type="button"
            id={`${id}-down`}
            className="button button-ghost button-small"
            disabled={disabled || index === count - 1}
            aria-label={fill(labels.moveEmbedDown, { number: index + 1 })}
            title={labels.moveDown}
            onClick={() => onMove(index + 1)}
          >
            ↓
          </button>
          <button type="button" className={`button button-ghost button-small ${styles.danger}`} disabled={disabled} aria-label={fill(labels.removeEmbed, { number: index + 1 })} onClick={onRemove}>
            {labels.remove}
          </button>
        </span>
      </header>

      <div className={styles.control}>
        <label htmlFor={`${id}-color`} className={styles.label}>
          {fieldText("color")}
        </label>
        <ColorControl id={`${id}-color`} field={COLOR_FIELD} value={embed.color ?? null} onChange={(color) => onChange(withColor(embed, typeof color === "number" ? color : null))} disabled={disabled} labels={formLabels} />
      </div>
      {text("title", EMBED_LIMITS.title)}
      {text("url", undefined, true)}
      <div className={styles.control}>
        <label htmlFor={`${id}-description`} className={styles.label}>
          {fieldText("description")}
        </label>
        <MessageEditor
          id={`${id}-description`}
          value={embed.description ?? ""}
          onChange={(value) => onChange(withText(embed, "description", value))}
          disabled={disabled}
          invalid={Boolean(descriptionMessage)}
          describedBy={descriptionMessage ? `${id}-description-message` : undefined}
          limit={EMBED_LIMITS.description}
          channels={pickers.channels}
          roles={pickers.roles}
          data={data}
          showPreview={false}
        />
        {descriptionMessage ? (
          <p id={`${id}-description-message`} className={styles.message}>
            {descriptionMessage}
          </p>
        ) : null}
      </div>

      <Group summary={fieldText("author")} filled={Boolean(embed.author)}>
        {part("author", "name", labels.name, EMBED_LIMITS.authorName)}
        {part("author", "url", labels.link)}
        {part("author", "icon_url", labels.iconLink)}
      </Group>

      <EmbedFieldList
        id={id}
        fields={embed.fields ?? []}
        onChange={(fields) => onChange(withFields(embed, fields))}
        problems={problems}
        serverError={serverError}
        labels={labels}
        fieldText={fieldText}
        counter={formLabels.characters}
        disabled={disabled}
      />

      {part("image", "url", fieldText("image"))}
      {part("thumbnail", "url", fieldText("thumbnail"))}

      <Group summary={fieldText("footer")} filled={Boolean(embed.footer)}>
        {part("footer", "text", labels.text, EMBED_LIMITS.footer)}
        {part("footer", "icon_url", labels.iconLink)}
      </Group>

      <div className={styles.control}>
        <label htmlFor={`${id}-timestamp`} className={styles.label}>
          {fieldText("timestamp")}
        </label>
        <div className={styles.timestampRow}>
          <select
            id={`${id}-timestamp`}
            className={`${styles.input} ${styles.select}`}
            value={timestampMode}
            disabled={disabled}
            onChange={(event) => {
              const mode = event.target.value;
              onChange(withTimestamp(embed, mode === "none" ? null : mode === "now" ? TIMESTAMP_NOW : new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString()));
            }}
          >
            <option value="none">{labels.timestampNone}</option>
            <option value="now">{labels.timestampNow}</option>
            <option value="date">{labels.timestampDate}</option>
          </select>
          {timestampMode === "date" ? (
            <input
              type="datetime-local"
              className={`${styles.input} ${styles.date}`}
              aria-label={labels.timestampDateLabel}
              value={toLocalInput(embed.timestamp ?? "")}
              disabled={disabled}
              onChange={(event) => {
                const iso = fromLocalInput(event.target.value);
                if (iso) onChange(withTimestamp(embed, iso));
              }}
            />
          ) : null}
        </div>
        {serverError("timestamp") ? <p className={styles.message}>{serverError("timestamp")}</p> : null}
      </div>

      {totalProblem ? <p className={styles.message}>{limitText(labels, totalProblem)}</p> : ownError ? <p className={styles.message}>{ownError}</p> : null}
    </section>
  );
}
