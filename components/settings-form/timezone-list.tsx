"use client";

import { useSyncExternalStore } from "react";

const SERVER_ZONES = ["UTC"];
let browserZones: string[] | undefined;

// The list never changes while the page is open: nothing to subscribe to.
const subscribe = () => () => {};

// Computed once: useSyncExternalStore needs the same array on every call.
function getZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  browserZones ??= supported ? ["UTC", ...supported("timeZone")] : SERVER_ZONES;
  return browserZones;
}

/** Suggestions for a time-zone box, from the browser's own list (after hydration: it can differ from the server's). */
export function TimezoneList({ id }: { id: string }) {
  const zones = useSyncExternalStore(subscribe, getZones, () => SERVER_ZONES);
  return (
    <datalist id={id}>
      {zones.map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
}
