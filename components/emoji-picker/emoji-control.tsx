"use client";

import type { ControlProps } from "@/components/settings-form/controls";
import { EmojiPicker } from "./emoji-picker";
import type { EmojiPickerData } from "./types";

/** The settings form's control for `ui: "emoji"` fields: the picker behind the form's control props. */
export function EmojiControl({ id, field, value, onChange, disabled, invalid, describedBy, data }: ControlProps<unknown> & { data: EmojiPickerData }) {
  return (
    <EmojiPicker
      id={id}
      value={typeof value === "string" ? value : ""}
      onChange={(next) => onChange(next === "" && field.nullable ? null : next)}
      clearable={!field.required}
      disabled={disabled}
      invalid={invalid}
      describedBy={describedBy}
      data={data}
    />
  );
}
