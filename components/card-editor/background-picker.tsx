"use client";

import type { CSSProperties, ReactNode } from "react";
import { PRESET_IDS, presetBackground, type PresetId } from "@/lib/card-drawing/background";
import { presetClass } from "@/lib/card-drawing/preset-css";
import "./preset-backgrounds.css";
import { aspectOf, type CardSize } from "./card-size";
import { ACCEPTED_IMAGES, type BackgroundChoice, type CardUpload, type PickerErrors } from "./use-background-choice";
import styles from "./card-editor.module.css";

export type BackgroundPickerText = {
  background: string;
  presets: Record<PresetId, string>;
  /** "Uploaded image {number}" */
  uploaded: string;
  missingUpload: string;
  upload: string;
  uploadHint: string;
  uploading: string;
  saving: string;
  saved: string;
  errors: PickerErrors;
  /** Where uploads can be removed: "Remove uploaded image {number}", its confirmation ("…{number}…") and the status after. */
  remove?: string;
  confirmRemove?: string;
  removed?: string;
};

type Props<U extends CardUpload> = {
  /** Prefix of the ids, radio group name and test ids: `${prefix}-preset-aurora`, `${prefix}-file`, … */
  prefix: string;
  guildId: string;
  choice: BackgroundChoice<U>;
  /** The plain option, when the card has one: drawn in this CSS colour. */
  plain?: { value: string; label: string; color: string };
  size: CardSize;
  disabled: boolean;
  text: BackgroundPickerText;
};

/** A card's background picker: plain, preset and uploaded options as thumbnails, an upload button, status and errors. */
export function BackgroundPicker<U extends CardUpload>({ prefix, guildId, choice, plain, size, disabled, text }: Props<U>) {
  const { background, uploads, missingUpload, status, error, busy, choose, uploadFile, remove } = choice;
  const statusText = { saving: text.saving, uploading: text.uploading, saved: text.saved, removed: text.removed ?? "", idle: "" }[status];
  const aspectRatio = aspectOf(size);

  const option = (value: string, label: string, thumb: ReactNode, testId: string, extra?: ReactNode) => (
    <div key={value} className={styles.optionCell}>
      <label className={styles.option} data-testid={testId}>
        <input type="radio" name={`${prefix}-background-${guildId}`} value={value} checked={background === value} onChange={() => choose(value)} className={styles.radio} />
        <span className={styles.thumb} aria-hidden="true">
          {thumb}
        </span>
        <span className={styles.optionName}>{label}</span>
      </label>
      {extra}
    </div>
  );

  function confirmRemove(upload: U, number: number) {
    if (remove && window.confirm((text.confirmRemove ?? "").replace("{number}", String(number)))) void remove(upload);
  }

  return (
    <fieldset className={styles.picker} disabled={disabled}>
      <legend className={styles.legend}>{text.background}</legend>
      {missingUpload ? <p className="notice notice-warning">{text.missingUpload}</p> : null}
      <div className={styles.options} style={{ "--card-ratio": aspectRatio } as CSSProperties}>
        {plain ? option(plain.value, plain.label, <span className={styles.thumbCanvas} style={{ backgroundColor: plain.color }} />, `${prefix}-plain`) : null}
        {PRESET_IDS.map((id) =>
          option(presetBackground(id), text.presets[id], <span className={`${styles.thumbCanvas} ${presetClass(id)}`} />, `${prefix}-preset-${id}`),
        )}
        {uploads.map((upload, index) =>
          option(
            upload.value,
            text.uploaded.replace("{number}", String(index + 1)),
            // eslint-disable-next-line @next/next/no-img-element -- our own stored upload, served immutable
            <img src={upload.url} alt="" className={styles.thumbImage} />,
            `${prefix}-upload-${index}`,
            remove && text.remove ? (
              <button type="button" className={`button button-ghost button-small ${styles.remove}`} disabled={disabled || busy} onClick={() => confirmRemove(upload, index + 1)}>
                {text.remove.replace("{number}", String(index + 1))}
              </button>
            ) : null,
          ),
        )}
      </div>
      <div className={styles.uploadRow}>
        <input
          id={`${prefix}-upload-${guildId}`}
          type="file"
          accept={ACCEPTED_IMAGES.join(",")}
          className={`visually-hidden ${styles.fileInput}`}
          aria-describedby={`${prefix}-upload-hint-${guildId}`}
          disabled={disabled || busy}
          data-testid={`${prefix}-file`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void uploadFile(file);
          }}
        />
        <label htmlFor={`${prefix}-upload-${guildId}`} className={`button button-secondary button-small ${styles.uploadButton}`} aria-disabled={disabled || busy}>
          {status === "uploading" ? text.uploading : text.upload}
        </label>
        <p id={`${prefix}-upload-hint-${guildId}`} className={styles.hint}>
          {text.uploadHint}
        </p>
      </div>
      <p className={styles.status} role="status" data-testid={`${prefix}-status`}>
        {statusText}
      </p>
      {error ? (
        <p className={styles.error} role="alert" data-testid={`${prefix}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
