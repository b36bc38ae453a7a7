"use client";

import { useEffect, useState } from "react";

/** Suggestions for a time-zone box, from the browser's own list (filled after hydration: it can differ from the server's). */
export function TimezoneList({ id }: { id: string }) {
  const [zones, setZones] = useState<string[]>([]);
  useEffect(() => {
    const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
    setZones(supported ? ["UTC", ...supported("timeZone")] : ["UTC"]);
  }, []);
  return (
    <datalist id={id}>
      {zones.map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
}
