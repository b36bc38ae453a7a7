"use client";

import { useDeferredValue, useEffect, useMemo, useRef } from "react";
import type { MessageEditorData } from "@/components/message-editor/types";
import type { FieldErrors, FormLabels, Pickers } from "@/components/settings-form/types";
import { EMBED_LIMITS, messageCharacterCount } from "@/lib/platform-messages/limits";
import type { EmbedDraft } from "@/lib/plugins/embed-payload";
import { EmbedEditor } from "./embed-editor";
import { EmbedsPreview } from "./embed-preview";
import { asDrafts, blankEmbed, fillCount, limitText, moved } from "./model";
import type { EmbedBuilderLabels } from "./types";
import { useListKeys } from "./use-list-keys";
import styles from "./embed-builder.module.css";

export type EmbedBuilderProps = {
  /** Id prefix of every control. */
  id: string;
  /** Field path of the list ("embeds"): server errors come keyed below it ("embeds.0.title"). */
  path: string;
  /** The stored list of embeds (lib/plugins/embeds-field.ts). */
  value: unknown;
  onChange: (embeds: EmbedDraft[]) => void;
  disabled?: boolean;
  /** Fewest embeds: the builder starts with this many. */
  min: number;
  /** Most embeds (the platform's 10 per message, or less). */
  max: number;
  /** Labels of the embed's properties ("title", "fields.name"…) from the plugin's messages. */
  fieldText: (key: string) => string;
  errors: FieldErrors;
  pickers: Pickers;
  /** Preview sample, member names and the message editor's strings; `defaultEmbedColor` colours new embeds. */
  data: MessageEditorData;
  labels: EmbedBuilderLabels;
  formLabels: FormLabels;
};

type Focus = { index: number; control: "title" | "up" | "down" | "add" };

/**
 * The embed builder: up to 10 embeds of one message, each with its parts, live counters
 * and the platform's limits, and a live preview of the whole message under them.
 */
export function EmbedBuilder({ id, path, value, onChange, disabled, min, max, fieldText, errors, pickers, data, labels, formLabels }: EmbedBuilderProps) {
  const embeds = useMemo(() => asDrafts(value), [value]);
  const list = useListKeys(embeds.length);
  const pending = useRef<Focus | null>(null);
  const full = embeds.length >= max;
  const total = messageCharacterCount(embeds);
  // Typing stays responsive with many embeds: the preview may lag a keystroke behind.
  const previewed = useDeferredValue(embeds);

  // A list that needs embeds starts with one (in the guild's colour) rather than empty.
  const missing = !disabled && embeds.length < min;
  useEffect(() => {
    if (missing) onChange([...embeds, ...Array.from({ length: min - embeds.length }, () => blankEmbed(data.defaultEmbedColor))]);
  });

  // Where the keyboard focus goes once a move, add or remove has rendered.
  useEffect(() => {
    const focus = pending.current;
    if (!focus) return;
    pending.current = null;
    const target = focus.control === "add" ? `${id}-add` : `${id}-${focus.index}-${focus.control}`;
    const element = document.getElementById(target) as HTMLInputElement | HTMLButtonElement | null;
    const partner = document.getElementById(`${id}-${focus.index}-${focus.control === "up" ? "down" : "up"}`);
    (element && !element.disabled ? element : partner)?.focus();
  });

  const change = (index: number, embed: EmbedDraft) => onChange(embeds.map((other, at) => (at === index ? embed : other)));
  const move = (from: number, to: number) => {
    list.move(from, to);
    onChange(moved(embeds, from, to));
    pending.current = { index: to, control: to < from ? "up" : "down" };
  };
  const remove = (index: number) => {
    list.remove(index);
    onChange(embeds.filter((_, at) => at !== index));
    pending.current = { index: 0, control: "add" };
  };
  const add = () => {
    list.add();
    onChange([...embeds, blankEmbed(data.defaultEmbedColor)]);
    pending.current = { index: embeds.length, control: "title" };
  };

  const overall = embeds.length > 1 && total > EMBED_LIMITS.total ? limitText(labels, { rule: "messageTotal", limit: EMBED_LIMITS.total, actual: total }) : undefined;
  const tooMany = embeds.length > max ? limitText(labels, { rule: "embedsPerMessage", limit: max, actual: embeds.length }) : undefined;

  return (
    <div className={styles.builder}>
      <div className={styles.layout}>
      <div className={styles.cards}>
        {embeds.map((embed, index) => (
          <EmbedEditor
            key={list.keys[index]}
            id={`${id}-${index}`}
            index={index}
            count={embeds.length}
            embed={embed}
            onChange={(next) => change(index, next)}
            onMove={(to) => move(index, to)}
            onRemove={() => remove(index)}
            serverError={(sub) => errors[sub ? `${path}.${index}.${sub}` : `${path}.${index}`]}
            labels={labels}
            formLabels={formLabels}
            fieldText={fieldText}
            pickers={pickers}
            data={data}
            disabled={disabled}
          />
        ))}
      </div>
      <div className={styles.listFooter}>
        <button type="button" id={`${id}-add`} className="button button-secondary button-small" disabled={disabled || full} onClick={add}>
          + {labels.addEmbed}
        </button>
        <span className={`${styles.count} ${full ? styles.countFull : ""}`} data-testid={`${id}-embed-count`}>
          {fillCount(labels.embedCount, embeds.length, max)}
        </span>
        <span className={`${styles.count} ${total > EMBED_LIMITS.total ? styles.countOver : ""}`} data-testid={`${id}-message-total`}>
          {fillCount(labels.messageTotal, total, EMBED_LIMITS.total)}
        </span>
      </div>
      {overall || tooMany ? (
        <p className={styles.message} data-testid={`${id}-message-problem`}>
          {tooMany ?? overall}
        </p>
      ) : null}
      {previewed.length > 0 ? (
        <div className={styles.previewColumn}>
          <EmbedsPreview embeds={previewed} data={data} pickers={pickers} labels={labels} locale={labels.locale} />
        </div>
      ) : null}
      </div>
    </div>
  );
}
