"use client";

import { lazy, Suspense, useId, useRef, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import { emojiImageUrl } from "@/lib/platform/cdn";
import { parseCustomEmoji } from "@/lib/platform/custom-emoji";
import type { EmojiPickerData } from "./types";
import styles from "./emoji-picker.module.css";

// The popover (search, lists, keyboard) and the emoji data load on first use, never with the
// page: only this button is in the form's JavaScript. Pointing at or focusing it warms the chunk.
const loadPopover = () => import("./emoji-popover");
const EmojiPopover = lazy(() => loadPopover().then((module) => ({ default: module.EmojiPopover })));

type Props = {
  /** The id the field's <label for> points at: the button is the labelled control. */
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Optional fields get a button that clears the emoji. */
  clearable: boolean;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  data: EmojiPickerData;
};

/** A button showing the current emoji that opens the picker; stores the emoji itself, or `<:name:id>` / `<a:name:id>`. */
export function EmojiPicker({ id, value, onChange, clearable, disabled, invalid, describedBy, data }: Props) {
  const { labels } = data;
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const valueId = useId();
  const custom = parseCustomEmoji(value);
  const name = value === "" ? labels.none : custom ? `:${custom.name}:` : value;

  function close() {
    setOpen(false);
    trigger.current?.focus();
  }

  return (
    <div
      ref={wrap}
      className={styles.picker}
      // Focus leaving the picker (Tab past the popover, a click elsewhere) closes it.
      onBlur={(event) => {
        if (open && !wrap.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <div className={styles.controls}>
        {/* aria-invalid: the settings form focuses the first [aria-invalid] control after a refused save (the error is in aria-describedby). */}
        {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props */}
        <button
          ref={trigger}
          id={id}
          type="button"
          className={styles.trigger}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-invalid={invalid || undefined}
          aria-describedby={[valueId, describedBy].filter(Boolean).join(" ")}
          disabled={disabled}
          onClick={() => setOpen((current) => !current)}
          onPointerEnter={() => void loadPopover()}
          onFocus={() => void loadPopover()}
        >
          {custom ? (
            <>
              {/* eslint-disable-next-line @next/next/no-img-element -- a 28 px image from the platform's CDN, which Next's optimizer does not serve */}
              <img className={styles.customImage} src={emojiImageUrl(data.cdnBase, custom, 64)} alt="" width={28} height={28} />
              <span className={styles.customName} dir="ltr" aria-hidden="true">
                :{custom.name}:
              </span>
            </>
          ) : value ? (
            <span className={styles.glyph} aria-hidden="true">
              {value}
            </span>
          ) : (
            <span className={styles.placeholder} aria-hidden="true">
              {labels.choose}
            </span>
          )}
          <span id={valueId} className="visually-hidden">
            {fill(labels.current, { name })}
          </span>
        </button>
        {clearable && value !== "" && !disabled ? (
          <button
            type="button"
            className={styles.clear}
            aria-label={labels.clear}
            title={labels.clear}
            onClick={() => {
              onChange("");
              trigger.current?.focus();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
      {open ? (
        <Suspense
          fallback={
            <div className={styles.popover} role="dialog" aria-label={labels.choose} tabIndex={-1}>
              <p className={styles.state} role="status">
                {labels.loading}
              </p>
            </div>
          }
        >
          <EmojiPopover
            value={value}
            data={data}
            onPick={(next) => {
              onChange(next);
              close();
            }}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
