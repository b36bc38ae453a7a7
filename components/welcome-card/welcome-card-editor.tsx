"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { announcePluginSaved, onPluginSaved } from "@/components/plugin-events";
import { reportUnshownError } from "@/components/report-error";
import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import { PRESET_IDS, presetBackground, type PresetId } from "@/lib/card-drawing/background";
import { CARD_HEIGHT, CARD_WIDTH, PRESETS } from "@/lib/card-drawing/presets";
import { postForm } from "./post-form";
import styles from "./welcome-card.module.css";

export type WelcomeCardText = {
  preview: string;
  previewAlt: string;
  previewBusy: string;
  previewFailed: string;
  sampleNote: string;
  fontNote: string;
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
  errors: Record<"type" | "size" | "dimensions" | "damaged" | "frames" | "unknownUpload" | "storage" | "failed", string>;
};

export type UploadOption = { key: string; value: string; url: string };

type BackgroundState = {
  background: { value: string };
  uploads: UploadOption[];
  enabled: boolean;
  config: Record<string, unknown>;
  version: number;
};

type Props = {
  guildId: string;
  initial: {
    /** The picked background; "" when none of the options is (the stored one is missing). */
    background: string;
    title: string;
    subtitle: string;
    uploads: UploadOption[];
    missingUpload: boolean;
  };
  /** Limits of the title and subtitle (the preview refuses longer ones). */
  limits: { title: number; subtitle: number };
  disabled: boolean;
  text: WelcomeCardText;
};

const ACCEPTED = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const MAX_BYTES = 8 * 1024 * 1024;
const PREVIEW_DELAY_MS = 400;
const SAVE_DELAY_MS = 350;

const ERROR_KEYS: Record<string, keyof WelcomeCardText["errors"]> = {
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

function previewUrl(guildId: string, values: { title: string; subtitle: string; background: string }, limits: Props["limits"]): string {
  const query = new URLSearchParams({ title: values.title.slice(0, limits.title), subtitle: values.subtitle.slice(0, limits.subtitle) });
  // Without a background the saved one is drawn.
  if (values.background) query.set("background", values.background);
  return `/api/plugins/welcome/welcome-card/${guildId}/preview?${query}`;
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
 * The welcome card's live preview and background picker. The title and subtitle are
 * edited in the settings form above: the preview follows what is typed there. Picking a
 * background saves it at once (PUT …/background); an upload is stored and picked in one
 * request (POST …/background).
 */
export function WelcomeCardEditor({ guildId, initial, limits, disabled, text }: Props) {
  const [background, setBackground] = useState(initial.background);
  const [uploads, setUploads] = useState(initial.uploads);
  const [title, setTitle] = useState(initial.title);
  const [subtitle, setSubtitle] = useState(initial.subtitle);
  const [missingUpload, setMissingUpload] = useState(initial.missingUpload);
  const [status, setStatus] = useState<"idle" | "saving" | "uploading" | "saved">("idle");
  const [error, setError] = useState<string | null>(null);
  const saved = useRef(initial.background);
  const saveTimer = useRef<number | undefined>(undefined);
  const requests = useRef(0);
  const announcing = useRef(false);

  // The title and subtitle as they stand in the settings form (its rows carry data-field):
  // read after typing, and after clicks too, since the form's Reset changes them without an input event.
  useEffect(() => {
    let frame = 0;
    const valueOf = (field: string) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-field="${field}"] :is(input, textarea)`)?.value;
    function read() {
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(() => {
        const [nextTitle, nextSubtitle] = [valueOf("card_title"), valueOf("card_subtitle")];
        if (nextTitle !== undefined) setTitle(nextTitle);
        if (nextSubtitle !== undefined) setSubtitle(nextSubtitle);
      });
    }
    document.addEventListener("input", read);
    document.addEventListener("click", read);
    return () => {
      window.cancelAnimationFrame(frame);
      document.removeEventListener("input", read);
      document.removeEventListener("click", read);
    };
  }, []);

  // Saves of the welcome config elsewhere on the page (the form, the switch).
  useEffect(
    () =>
      onPluginSaved((detail) => {
        if (detail.pluginId !== "welcome" || announcing.current) return;
        const config = detail.config;
        if (typeof config.card_title === "string") setTitle(config.card_title);
        if (typeof config.card_subtitle === "string") setSubtitle(config.card_subtitle);
      }),
    [],
  );

  useEffect(() => () => window.clearTimeout(saveTimer.current), []);

  useEffect(() => {
    if (status !== "saved") return;
    const timer = window.setTimeout(() => setStatus("idle"), 3000);
    return () => window.clearTimeout(timer);
  }, [status]);

  function adopt(state: BackgroundState) {
    saved.current = state.background.value;
    setUploads(state.uploads);
    setMissingUpload(false);
    // The settings form above adopts the new version (it does not hold card_background).
    announcing.current = true;
    try {
      announcePluginSaved({ pluginId: "welcome", enabled: state.enabled, config: state.config, version: state.version });
    } finally {
      announcing.current = false;
    }
  }

  function showError(caught: unknown) {
    const code = caught instanceof TransportError ? errorCodeOf(caught.body) : undefined;
    const key = code ? ERROR_KEYS[code] : undefined;
    if (key) setError(text.errors[key]);
    else {
      setError(text.errors.failed);
      reportUnshownError(caught);
    }
  }

  async function save(value: string) {
    const request = ++requests.current;
    setStatus("saving");
    try {
      const state = await apiFetch<BackgroundState>(`/plugins/welcome/welcome-card/${guildId}/background`, { method: "PUT", body: { background: value }, handles: HANDLED });
      if (request !== requests.current) return;
      adopt(state);
      setStatus("saved");
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
      const state = await postForm<BackgroundState>(`/plugins/welcome/welcome-card/${guildId}/background`, form, HANDLED);
      if (request !== requests.current) return;
      adopt(state);
      setBackground(state.background.value);
      setStatus("saved");
    } catch (caught) {
      if (request !== requests.current) return;
      setStatus("idle");
      showError(caught);
    }
  }

  // The preview: the newest URL once typing pauses, shown when it has loaded (the old one stays until then).
  const wanted = useDebounced(previewUrl(guildId, { title, subtitle, background }, limits), PREVIEW_DELAY_MS);
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

  const statusText = status === "saving" ? text.saving : status === "uploading" ? text.uploading : status === "saved" ? text.saved : "";
  const busy = status === "saving" || status === "uploading";
  const option = (value: string, label: string, thumb: ReactNode, testId: string) => (
    <label key={value} className={styles.option} data-testid={testId}>
      <input type="radio" name={`welcome-card-background-${guildId}`} value={value} checked={background === value} onChange={() => choose(value)} className={styles.radio} />
      <span className={styles.thumb} aria-hidden="true">
        {thumb}
      </span>
      <span className={styles.optionName}>{label}</span>
    </label>
  );

  return (
    <div className={styles.editor}>
      <figure className={styles.preview} aria-busy={preview === "loading"}>
        <div className={styles.previewFrame}>
          {/* eslint-disable-next-line @next/next/no-img-element -- a PNG drawn by our API per request; nothing for next/image to optimise */}
          <img src={shown} alt={text.previewAlt} width={CARD_WIDTH} height={CARD_HEIGHT} className={styles.previewImage} data-testid="welcome-card-preview" />
          {preview === "loading" ? <span className={styles.previewBusy}>{text.previewBusy}</span> : null}
        </div>
        <figcaption className={styles.caption}>
          {text.sampleNote} {text.fontNote}
        </figcaption>
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
          {PRESET_IDS.map((id) =>
            option(
              presetBackground(id),
              text.presets[id],
              <span className={styles.thumbCanvas} style={{ backgroundColor: PRESETS[id].color, backgroundImage: PRESETS[id].image }} />,
              `welcome-card-preset-${id}`,
            ),
          )}
          {uploads.map((upload, index) =>
            // eslint-disable-next-line @next/next/no-img-element -- our own stored upload, served immutable
            option(upload.value, text.uploaded.replace("{number}", String(index + 1)), <img src={upload.url} alt="" className={styles.thumbImage} />, `welcome-card-upload-${index}`),
          )}
        </div>
        <div className={styles.uploadRow}>
          <input
            id={`welcome-card-upload-${guildId}`}
            type="file"
            accept={ACCEPTED.join(",")}
            className={`visually-hidden ${styles.fileInput}`}
            aria-describedby={`welcome-card-upload-hint-${guildId}`}
            disabled={disabled || busy}
            data-testid="welcome-card-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void uploadFile(file);
            }}
          />
          <label htmlFor={`welcome-card-upload-${guildId}`} className={`button button-secondary button-small ${styles.uploadButton}`} aria-disabled={disabled || busy}>
            {status === "uploading" ? text.uploading : text.upload}
          </label>
          <p id={`welcome-card-upload-hint-${guildId}`} className={styles.hint}>
            {text.uploadHint}
          </p>
        </div>
        <p className={styles.status} role="status" data-testid="welcome-card-status">
          {statusText}
        </p>
        {error ? (
          <p className={styles.error} role="alert" data-testid="welcome-card-error">
            {error}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
