"use client";

import { useEffect, useRef, useState } from "react";
import { reportUnshownError } from "@/components/report-error";
import { apiFetch } from "@/lib/http/client-fetch";
import { errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import { uploadKeyOf, uploadReference, uploadUrl } from "@/lib/images/reference";
import type { ControlProps } from "./controls";
import styles from "./form.module.css";

// `ui: "image"` fields (imageField): the current image as a thumbnail, a file button that stores
// the picked file through the one upload endpoint (POST /api/guilds/{id}/images) and puts its
// `upload:<key>` in the form, and a remove button. The item is saved by the form as usual; the
// server then checks that the upload is this guild's.

export type ImageFieldLabels = {
  upload: string;
  replace: string;
  remove: string;
  uploading: string;
  uploaded: string;
  removed: string;
  /** The thumbnail's alternative text. */
  current: string;
  none: string;
  hint: string;
  errors: Record<"type" | "size" | "dimensions" | "damaged" | "frames" | "storage" | "failed", string>;
};

export type ImageFieldData = {
  /** Whose uploads the image joins. */
  guildId: string;
  /** Recorded with the upload (its `plugin_id`). */
  pluginId: string;
  labels: ImageFieldLabels;
};

/** The answer of POST /api/guilds/{id}/images that the control reads. */
type Uploaded = { key: string };

// What the upload pipeline takes (lib/images/inspect.ts), checked here first so a wrong file costs no upload.
const ACCEPTED = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const MAX_BYTES = 8 * 1024 * 1024;

const ERROR_KEYS: Record<string, keyof ImageFieldLabels["errors"]> = {
  image_type_unsupported: "type",
  image_too_large: "size",
  image_too_large_dimensions: "dimensions",
  image_invalid: "damaged",
  image_missing: "damaged",
  image_too_many_frames: "frames",
  storage_unavailable: "storage",
};
const HANDLED = Object.keys(ERROR_KEYS);

export function ImageControl({ id, field, value, onChange, disabled, invalid, describedBy, data }: ControlProps<unknown> & { data: ImageFieldData }) {
  const { labels } = data;
  const [status, setStatus] = useState<"idle" | "uploading" | "uploaded" | "removed">("idle");
  const [error, setError] = useState<string | null>(null);
  const requests = useRef(0);
  // A dialog closed mid-upload must not write into the next item it opens for.
  useEffect(() => () => void (requests.current += 1), []);

  const key = uploadKeyOf(value);
  const uploading = status === "uploading";
  const hintId = `${id}-image-hint`;
  const errorId = `${id}-image-error`;
  const described = [describedBy, hintId, error ? errorId : undefined].filter(Boolean).join(" ");

  async function upload(file: File) {
    setError(null);
    if (file.type && !ACCEPTED.includes(file.type)) return setError(labels.errors.type);
    if (file.size > MAX_BYTES) return setError(labels.errors.size);
    const request = ++requests.current;
    setStatus("uploading");
    const form = new FormData();
    form.set("image", file);
    form.set("plugin_id", data.pluginId);
    try {
      const image = await apiFetch<Uploaded>(`/guilds/${data.guildId}/images`, { method: "POST", body: form, handles: HANDLED, keepsPages: true });
      if (request !== requests.current) return;
      onChange(uploadReference(image.key));
      setStatus("uploaded");
    } catch (caught) {
      if (request !== requests.current) return;
      setStatus("idle");
      const code = caught instanceof TransportError ? errorCodeOf(caught.body) : undefined;
      const known = code ? ERROR_KEYS[code] : undefined;
      setError(labels.errors[known ?? "failed"]);
      if (!known) reportUnshownError(caught);
    }
  }

  function remove() {
    requests.current += 1;
    setError(null);
    onChange(field.nullable ? null : "");
    setStatus("removed");
  }

  const statusText = status === "uploading" ? labels.uploading : status === "uploaded" ? labels.uploaded : status === "removed" ? labels.removed : "";
  return (
    <div className={styles.image} aria-busy={uploading || undefined} data-testid="image-control">
      <span className={styles.imageThumb}>
        {key ? (
          // eslint-disable-next-line @next/next/no-img-element -- our own stored upload, served immutable
          <img src={uploadUrl(key)} alt={labels.current} className={styles.imageThumbImage} />
        ) : (
          <span className={styles.imageNone}>{labels.none}</span>
        )}
      </span>
      <div className={styles.imageActions}>
        <input
          id={id}
          type="file"
          accept={ACCEPTED.join(",")}
          className={`visually-hidden ${styles.fileInput}`}
          disabled={disabled || uploading}
          aria-invalid={invalid || Boolean(error) || undefined}
          aria-describedby={described}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file picked again after an error still fires a change.
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
        <label htmlFor={id} className={`button button-secondary button-small ${styles.fileButton}`}>
          {uploading ? labels.uploading : key ? labels.replace : labels.upload}
        </label>
        {key ? (
          <button type="button" className="button button-ghost button-small" disabled={disabled || uploading} onClick={remove}>
            {labels.remove}
          </button>
        ) : null}
        <p id={hintId} className={styles.help}>
          {labels.hint}
        </p>
        <p className={styles.help} role="status">
          {statusText}
        </p>
        {error ? (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
