import en from "@/messages/en.json";
import type { FormLabels } from "@/components/settings-form/types";
import type { PickerLabels } from "./labels";

// Tests only: the English strings the pages hand the pickers (form-labels.ts).

export const pickerLabels: PickerLabels = { locale: "en-US", ...en.pickers };

export const formLabels: FormLabels = {
  ...en.settings,
  colorHex: en.settings.colorPicker,
  reasons: en.settings.roleReasons,
  pickers: pickerLabels,
};
