"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { announcePluginSaved, onPluginSaved } from "@/components/plugin-events";
import { reportUnshownError } from "@/components/report-error";
import { postForm } from "@/components/welcome-card/post-form";
import { PRESET_IDS, presetBackground, type PresetId } from "@/lib/card-drawing/background";
import { PRESETS } from "@/lib/card-drawing/presets";
import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import { DEFAULT_RANK_CARD_COLORS, PLAIN_BACKGROUND, RANK_CARD_SIZE } from "@/lib/rank-card/settings";
import { rankCardUrl } from "./rank-card-url";
import styles from "./rank-card.module.css";

export type RankCardText = {
  previewAlt: string;
  previewBusy: string;
  previewFailed: string;
  sampleNote: string;
  background: string;
  plain: string;
  presets: Record<PresetId, string>;
  /** "Uploaded image {number}" */
  uploaded: string;
  /** "Remove uploaded image {number}" */
  remove: string;
  confirmRemove: string;
  removed: string;
  missingUpload: string;
  upload: string;
  uploadHint: string;
  uploading: string;
  saving: string;
  saved: string;
  errors: Record<"type" | "size" | "dimensions" | "damaged" | "frames" | "unknownUpload" | "storage" | "failed", string>;
};

export type RankUpload = { id: string; value: string; url: string };
type Colors = { background: number | null; accent: number | null; text: number | null };
type ConfigState = { background: { value: string }; uploads: RankUpload[]; version: number };
type Backgrounds = { uploads: RankUpload[]; upload?: { url: string } };

type Props = {
  guildId: string;
  initial: { background: string; colors: Colors; uploads: RankUpload[]; missingUpload: boolean };
  disabled: boolean;
  text: RankCardText;
};

const ACCEPTED = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const MAX_BYTES = 8 * 1024 * 1024;
const PREVIEW_DELAY_MS = 400;
const SAVE_DELAY_MS = 350;
const COLOR_FIELDS = { background: "rank_card_background_color", accent: "rank_card_accent_color", text: "rank_card_text_color" } as const;

const ERROR_KEYS: Record<string, keyof RankCardText["errors"]> = {
  image_type_unsupported: "type",
  image_too_large: "size",
  image_too_large_dimensions: "dimensions",
  image_invalid: "damaged",
  image_missing: "damaged",
  image_too_many_frames: "frames",
  unknown_upload: "unknownUpload",
  storage_unavailable: "storage",
};
const HANDLED = Object.keys(ERROR_KEYS);

const hex = (value: number | null, fallback: number) => (value ?? fallback).toString(16).padStart(6, "0");

/** A colour as the settings form's hex box holds it: a number, null when emptied, undefined when unreadable. */
function formColor(field: string): number | null | undefined {
  const box = document.querySelector<HTMLInputElement>(`[data-field="${field}"] input:not([type="color"])`);
  if (!box) return undefined;
  const value = box.value.trim().replace(/^#/, "");
  if (value === "") return null;
  return /^[0-9a-fA-F]{6}$/.test(value) ? Number.parseInt(value, 16) : undefined;
}

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The rank card's live preview (the signed-in user's own card) and background picker. The
 * colours are edited in the settings form above: the preview follows them as they change.
 * Picking a background saves it at once (PATCH rank-card/config); an upload is stored
 * (POST rank-card/backgrounds) and then picked.
 */
export function RankCardEditor({ guildId, initial, disabled, text }: Props) {
  const [background, setBackground] = useState(initial.background);
  const [colors, setColors] = useState(initial.colors);
  const [uploads, setUploads] = useState(initial.uploads);
  const [missingUpload, setMissingUpload] = useState(initial.missingUpload);
  const [status, setStatus] = useState<"idle" | "saving" | "uploading" | "saved" | "removed">("idle");
  const [error, setError] = useState<string | null>(null);
  const saved = useRef(initial.background);
  const saveTimer = useRef<number | undefined>(undefined);
  const requests = useRef(0);

  // The colours as they stand in the settings form (its rows carry data-field): read after
  // typing and after clicks (the swatches, the presets, Reset).
  useEffect(() => {
    let frame = 0;
    function read() {
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(() =>
        setColors((before) => {
          const next = { ...before };
          for (const [key, field] of Object.entries(COLOR_FIELDS) as Array<[keyof Colors, string]>) {
            const value = formColor(field);
            if (value !== undefined) next[key] = value;
          }
          return next.background === before.background && next.accent === before.accent && next.text === before.text ? before : next;
        }),
      );
    }
    document.addEventListener("input", read);
    document.addEventListener("click", read);
    return () => {
      window.cancelAnimationFrame(frame);
      document.removeEventListener("input", read);
      document.removeEventListener("click", read);
    };
  }, []);

  // Saves of the levels config elsewhere on the page (the form's Save, the switch).
  useEffect(
    () =>
      onPluginSaved((detail) => {
        if (detail.pluginId !== "levels") return;
        const config = detail.config;
        setColors({
          background: typeof config.rank_card_background_color === "number" ? config.rank_card_background_color : null,
          accent: typeof config.rank_card_accent_color === "number" ? config.rank_card_accent_color : null,
          text: typeof config.rank_card_text_color === "number" ? config.rank_card_text_color : null,
        });
      }),
    [],
  );

  useEffect(() => () => window.clearTimeout(saveTimer.current), []);

  useEffect(() => {
    if (status !== "saved" && status !== "removed") return;
    const timer = window.setTimeout(() => setStatus("idle"), 3000);
    return () => window.clearTimeout(timer);
  }, [status]);

  function showError(caught: unknown) {
    const code = caught instanceof TransportError ? errorCodeOf(caught.body) : undefined;
    const key = code ? ERROR_KEYS[code] : undefined;
    if (key) setError(text.errors[key]);
    else {
      setError(text.errors.failed);
      reportUnshownError(caught);
    }
  }

  /** The settings form above keeps the levels config: it adopts the new version and background. */
  async function announce() {
    const state = await apiFetch<{ enabled: boolean; config: Record<string, unknown>; version: number }>(`/plugins/levels/config/${guildId}`, { silent: true });
    announcePluginSaved({ pluginId: "levels", enabled: state.enabled, config: state.config, version: state.version });
  }

  async function save(value: string) {
    const request = ++requests.current;
    setStatus("saving");
    try {
      const state = await apiFetch<ConfigState>(`/plugins/levels/rank-card/config/${guildId}`, { method: "PATCH", body: { background: value }, handles: HANDLED });
      if (request !== requests.current) return;
      saved.current = state.background.value;
      setUploads(state.uploads);
      setMissingUpload(false);
      setStatus("saved");
      await announce().catch(reportUnshownError);
    } catch (caught) {
      if (request !== requests.current) return;
      setBackground(saved.current);
      setStatus("idle");
      showError(caught);
    }
  }

  function choose(value: string) {
    setBackground(value);
    setError(null);
    window.clearTimeout(saveTimer.current);
    // Arrow keys move through the whole group: only where they stop is saved.
    saveTimer.current = window.setTimeout(() => void save(value), SAVE_DELAY_MS);
  }

  async function uploadFile(file: File) {
    setError(null);
    if (file.type && !ACCEPTED.includes(file.type)) return setError(text.errors.type);
    if (file.size > MAX_BYTES) return setError(text.errors.size);
    window.clearTimeout(saveTimer.current);
    const request = ++requests.current;
    setStatus("uploading");
    const form = new FormData();
    form.set("image", file);
    try {
      const list = await postForm<Backgrounds>(`/plugins/levels/guilds/${guildId}/rank-card/backgrounds`, form, HANDLED);
      if (request !== requests.current) return;
      setUploads(list.uploads);
      const added = list.uploads.find((upload) => upload.url === list.upload?.url);
      if (added) {
        setBackground(added.value);
        await save(added.value);
      } else setStatus("idle");
    } catch (caught) {
      if (request !== requests.current) return;
      setStatus("idle");
      showError(caught);
    }
  }

  async function remove(upload: RankUpload, number: number) {
    if (!window.confirm(text.confirmRemove.replace("{number}", String(number)))) return;
    setError(null);
    const request = ++requests.current;
    setStatus("saving");
    try {
      const list = await apiFetch<Backgrounds>(`/plugins/levels/guilds/${guildId}/rank-card/backgrounds/${upload.id}`, { method: "DELETE" });
      if (request !== requests.current) return;
      setUploads(list.uploads);
      // The server puts a card that used it back on the plain colour.
      if (saved.current === upload.value) {
        saved.current = PLAIN_BACKGROUND;
        setBackground(PLAIN_BACKGROUND);
        await announce().catch(reportUnshownError);
      }
      setStatus("removed");
    } catch (caught) {
      if (request !== requests.current) return;
      setStatus("idle");
      showError(caught);
    }
  }

  // The preview: the newest URL once changes pause, shown when it has loaded (the old one stays until then).
  const wanted = useDebounced(
    rankCardUrl(guildId, {
      background_color: hex(colors.background, DEFAULT_RANK_CARD_COLORS.background),
      accent_color: hex(colors.accent, DEFAULT_RANK_CARD_COLORS.accent),
      text_color: hex(colors.text, DEFAULT_RANK_CARD_COLORS.text),
      ...(background ? { background } : {}),
    }),
    PREVIEW_DELAY_MS,
  );
  const [shown, setShown] = useState(wanted);
  const [failed, setFailed] = useState<string | null>(null);
  const preview = wanted === shown ? "ready" : wanted === failed ? "failed" : "loading";
  useEffect(() => {
    if (wanted === shown) return;
    const image = new Image();
    image.onload = () => setShown(wanted);
    image.onerror = () => setFailed(wanted);
    image.src = wanted;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  }, [wanted, shown]);

  const statusText = { saving: text.saving, uploading: text.uploading, saved: text.saved, removed: text.removed, idle: "" }[status];
  const busy = status === "saving" || status === "uploading";
  const option = (value: string, label: string, thumb: ReactNode, testId: string, extra?: ReactNode) => (
    <div key={value} className={styles.optionCell}>
      <label className={styles.option} data-testid={testId}>
        <input type="radio" name={`rank-card-background-${guildId}`} value={value} checked={background === value} onChange={() => choose(value)} className={styles.radio} />
        <span className={styles.thumb} aria-hidden="true">
          {thumb}
        </span>
        <span className={styles.optionName}>{label}</span>
      </label>
      {extra}
    </div>
  );
  const plainColor = `#${hex(colors.background, DEFAULT_RANK_CARD_COLORS.background)}`;

  return (
    <div className={styles.editor}>
      <figure className={styles.preview} aria-busy={preview === "loading"}>
        <div className={styles.previewFrame}>
          {/* eslint-disable-next-line @next/next/no-img-element -- a PNG drawn by our API per request; nothing for next/image to optimise */}
          <img src={shown} alt={text.previewAlt} width={RANK_CARD_SIZE.width} height={RANK_CARD_SIZE.height} className={styles.previewImage} data-testid="rank-card-preview" />
          {preview === "loading" ? (
            <span className={styles.previewBusy} role="status">
              {text.previewBusy}
            </span>
          ) : null}
        </div>
        <figcaption className={styles.caption}>{text.sampleNote}</figcaption>
        {preview === "failed" ? (
          <p className={styles.error} role="alert">
            {text.previewFailed}
          </p>
        ) : null}
      </figure>

      <fieldset className={styles.picker} disabled={disabled}>
        <legend className={styles.legend}>{text.background}</legend>
        {missingUpload ? <p className="notice notice-warning">{text.missingUpload}</p> : null}
        <div className={styles.options}>
          {option(PLAIN_BACKGROUND, text.plain, <span className={styles.thumbCanvas} style={{ backgroundColor: plainColor }} />, "rank-card-plain")}
          {PRESET_IDS.map((id) =>
            option(presetBackground(id), text.presets[id], <span className={styles.thumbCanvas} style={{ backgroundColor: PRESETS[id].color, backgroundImage: PRESETS[id].image }} />, `rank-card-preset-${id}`),
          )}
          {uploads.map((upload, index) =>
            option(
              upload.value,
              text.uploaded.replace("{number}", String(index + 1)),
              // eslint-disable-next-line @next/next/no-img-element -- our own stored upload, served immutable
              <img src={upload.url} alt="" className={styles.thumbImage} />,
              `rank-card-upload-${index}`,
              <button type="button" className={`button button-ghost button-small ${styles.remove}`} disabled={disabled || busy} onClick={() => void remove(upload, index + 1)}>
                {text.remove.replace("{number}", String(index + 1))}
              </button>,
            ),
          )}
        </div>
        <div className={styles.uploadRow}>
          <input
            id={`rank-card-upload-${guildId}`}
            type="file"
            accept={ACCEPTED.join(",")}
            className={`visually-hidden ${styles.fileInput}`}
            aria-describedby={`rank-card-upload-hint-${guildId}`}
            disabled={disabled || busy}
            data-testid="rank-card-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void uploadFile(file);
            }}
          />
          <label htmlFor={`rank-card-upload-${guildId}`} className={`button button-secondary button-small ${styles.uploadButton}`} aria-disabled={disabled || busy}>
            {status === "uploading" ? text.uploading : text.upload}
          </label>
          <p id={`rank-card-upload-hint-${guildId}`} className={styles.hint}>
            {text.uploadHint}
          </p>
        </div>
        <p className={styles.status} role="status" data-testid="rank-card-status">
          {statusText}
        </p>
        {error ? (
          <p className={styles.error} role="alert" data-testid="rank-card-error">
            {error}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
