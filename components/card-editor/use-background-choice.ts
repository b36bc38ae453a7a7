"use client";

import { useEffect, useRef, useState } from "react";
import { reportUnshownError } from "@/components/report-error";
import { errorCodeOf, TransportError } from "@/lib/http/client-fetch";

export type CardUpload = { value: string; url: string };
export type PickerErrors = Record<"type" | "size" | "dimensions" | "damaged" | "frames" | "unknownUpload" | "storage" | "failed", string>;

export const ACCEPTED_IMAGES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const MAX_BYTES = 8 * 1024 * 1024;
const SAVE_DELAY_MS = 350;

const ERROR_KEYS: Record<string, keyof PickerErrors> = {
  image_type_unsupported: "type",
  image_too_large: "size",
  image_too_large_dimensions: "dimensions",
  image_invalid: "damaged",
  image_missing: "damaged",
  image_too_many_frames: "frames",
  unknown_upload: "unknownUpload",
  storage_unavailable: "storage",
};
/** The error codes the picker words itself: callers pass them to apiFetch as `handles`. */
export const PICKER_ERROR_CODES = Object.keys(ERROR_KEYS);

export type PickerStatus = "idle" | "saving" | "uploading" | "saved" | "removed";

type Options<U extends CardUpload> = {
  initial: { background: string; uploads: U[]; missingUpload: boolean };
  errors: PickerErrors;
  /** Saves a picked background; answers the background the server now holds and the uploads. */
  save: (value: string) => Promise<{ background: string; uploads: U[] }>;
  /**
   * Stores an uploaded image; answers the uploads with either `saved` (the server picked the
   * image in the same request) or `pick` (the new image, which is then saved as a pick).
   */
  upload: (form: FormData) => Promise<{ uploads: U[]; saved?: string; pick?: string }>;
  /** Deletes an uploaded image (`inUse`: it is the saved background); answers the uploads and, when it was in use, the background the server fell back to. */
  remove?: (upload: U, inUse: boolean) => Promise<{ uploads: U[]; background?: string }>;
};

/**
 * The state of a card's background picker: a pick is saved once arrow keys stop on it, an
 * upload is checked here first, and only the newest request's answer counts. A failed save
 * puts the saved background back.
 */
export function useBackgroundChoice<U extends CardUpload>({ initial, errors, save, upload, remove }: Options<U>) {
  const [background, setBackground] = useState(initial.background);
  const [uploads, setUploads] = useState(initial.uploads);
  const [missingUpload, setMissingUpload] = useState(initial.missingUpload);
  const [status, setStatus] = useState<PickerStatus>("idle");
  const [error, setError] = useState<string | null>(null);
  const saved = useRef(initial.background);
  const saveTimer = useRef<number | undefined>(undefined);
  const requests = useRef(0);

  useEffect(() => () => window.clearTimeout(saveTimer.current), []);

  useEffect(() => {
    if (status !== "saved" && status !== "removed") return;
    const timer = window.setTimeout(() => setStatus("idle"), 3000);
    return () => window.clearTimeout(timer);
  }, [status]);

  function showError(caught: unknown) {
    const code = caught instanceof TransportError ? errorCodeOf(caught.body) : undefined;
    const key = code ? ERROR_KEYS[code] : undefined;
    if (key) setError(errors[key]);
    else {
      setError(errors.failed);
      reportUnshownError(caught);
    }
  }

  function adopt(value: string, list: U[]) {
    saved.current = value;
    setUploads(list);
    setMissingUpload(false);
    setStatus("saved");
  }

  async function saveChoice(value: string) {
    const request = ++requests.current;
    setStatus("saving");
    try {
      const state = await save(value);
      if (request !== requests.current) return;
      adopt(state.background, state.uploads);
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
    saveTimer.current = window.setTimeout(() => void saveChoice(value), SAVE_DELAY_MS);
  }

  async function uploadFile(file: File) {
    setError(null);
    if (file.type && !ACCEPTED_IMAGES.includes(file.type)) return setError(errors.type);
    if (file.size > MAX_BYTES) return setError(errors.size);
    window.clearTimeout(saveTimer.current);
    const request = ++requests.current;
    setStatus("uploading");
    const form = new FormData();
    form.set("image", file);
    try {
      const result = await upload(form);
      if (request !== requests.current) return;
      setUploads(result.uploads);
      if (result.saved !== undefined) {
        adopt(result.saved, result.uploads);
        setBackground(result.saved);
      } else if (result.pick !== undefined) {
        setBackground(result.pick);
        await saveChoice(result.pick);
      } else setStatus("idle");
    } catch (caught) {
      if (request !== requests.current) return;
      setStatus("idle");
      showError(caught);
    }
  }

  async function removeUpload(target: U) {
    if (!remove) return;
    setError(null);
    const request = ++requests.current;
    setStatus("saving");
    try {
      const result = await remove(target, saved.current === target.value);
      if (request !== requests.current) return;
      setUploads(result.uploads);
      if (result.background !== undefined) {
        saved.current = result.background;
        setBackground(result.background);
      }
      setStatus("removed");
    } catch (caught) {
      if (request !== requests.current) return;
      setStatus("idle");
      showError(caught);
    }
  }

  return {
    background,
    uploads,
    missingUpload,
    status,
    error,
    busy: status === "saving" || status === "uploading",
    choose,
    uploadFile,
    remove: remove ? removeUpload : undefined,
  };
}

export type BackgroundChoice<U extends CardUpload> = ReturnType<typeof useBackgroundChoice<U>>;
