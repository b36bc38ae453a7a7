"use client";

import { useMemo, useState } from "react";
import { Combobox, type ComboOption } from "@/components/settings-form/combobox";
import { localTimeZone } from "@/lib/time/known-zone";
import type { PickerLabels } from "./labels";
import { useNow } from "./use-hydrated";
import { allZones, findZone, zoneDisplay, zoneOptions } from "./zone-options";

type Props = {
  id: string;
  value: string | null;
  onSelect: (zone: string) => void;
  labels: PickerLabels;
  noMatches: string;
  /** The guild's own zone, offered second with a note. */
  guildZone?: string | null;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * A searchable list of time zones, "(UTC+01:00) Paris — Europe/Paris", by offset, the user's
 * own first. The list is built on first focus: ~420 Intl offsets are not worth computing for a
 * control nobody opens. Offsets and the browser's zone are only shown once hydrated.
 */
export function TimeZoneCombobox({ id, value, onSelect, labels, noMatches, guildZone, disabled, invalid, describedBy }: Props) {
  const now = useNow();
  const [wanted, setWanted] = useState(false);
  const at = wanted ? now : null;
  const entries = useMemo(() => (at === null ? [] : allZones(at)), [at]);
  const options: ComboOption[] = useMemo(
    () => (at === null ? [] : zoneOptions(entries, at, { own: localTimeZone(), guild: guildZone, value }, { yourTimeZone: labels.yourTimeZone, serverTimeZone: labels.serverTimeZone })),
    [at, entries, guildZone, value, labels.yourTimeZone, labels.serverTimeZone],
  );
  const selected = value && at !== null ? (findZone(entries, value, at)?.zone ?? value) : value;
  // The same text on the server and in the first browser render; offsets need the clock.
  const display = value ? (now === null ? value : zoneDisplay(value, now)) : "";
  return (
    <div
      onFocus={() => setWanted(true)}
    >
      <Combobox
        id={id}
        options={options}
        selected={selected}
        display={display}
        placeholder={labels.searchTimeZone}
        noMatches={noMatches}
        onSelect={onSelect}
        disabled={disabled}
        invalid={invalid}
        describedBy={describedBy}
      />
    </div>
  );
}
