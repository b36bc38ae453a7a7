"use client";

import { createContext, useContext, useEffect, useMemo, useState } from "react";
import type { IToggle, IVariant, UnleashClient } from "unleash-proxy-client";
import { whenIdle } from "@/components/when-idle";

// Flags for the page's islands: the toggles the server drew the page with, then the browser
// flag client's (flag-client.ts), which is loaded once the browser is idle after the first
// paint, so it costs the page's first load nothing. An island reads a flag with useFlag.

/** `version` moves on with each update the client brings, so the islands that read flags render again. */
type Flags = { bootstrap: IToggle[]; client: UnleashClient | null; version: number };

const FlagsContext = createContext<Flags>({ bootstrap: [], client: null, version: 0 });

type Props = { appName: string; guildId?: string; bootstrap: IToggle[]; children: React.ReactNode };

export function FlagsProvider({ appName, guildId, bootstrap, children }: Props) {
  const [client, setClient] = useState<UnleashClient | null>(null);
  const [version, setVersion] = useState(0);
  // The toggles the server drew this page with: the client starts from them.
  const [first] = useState(bootstrap);

  useEffect(() => {
    let started: UnleashClient | null = null;
    let stopped = false;
    const start = async () => {
      const { createFlagClient } = await import("./flag-client");
      if (stopped) return;
      started = createFlagClient({ appName, guildId, bootstrap: first });
      started.on("update", () => setVersion((count) => count + 1));
      setClient(started);
      void started.start();
    };
    const cancel = whenIdle(() => void start());
    return () => {
      stopped = true;
      cancel();
      // What this page counted is sent before its timers stop.
      void started?.sendMetrics();
      started?.stop();
    };
  }, [appName, guildId, first]);

  const value = useMemo(() => ({ bootstrap: first, client, version }), [first, client, version]);
  return <FlagsContext.Provider value={value}>{children}</FlagsContext.Provider>;
}

/** spec 4: a flag nobody defined reads as this variant. */
const DISABLED: IVariant = { name: "disabled", enabled: false };

/** Whether the flag is on for this viewer (the server's answer for the page until the client has its own). */
export function useFlag(name: string): boolean {
  // The context changes with each update, so the island renders again and reads anew; a read
  // through the client counts in its metrics.
  const { bootstrap, client } = useContext(FlagsContext);
  return client ? client.isEnabled(name) : bootstrap.some((toggle) => toggle.name === name && toggle.enabled);
}

/** The flag's variant for this viewer; `disabled` for a flag that is off or unknown. */
export function useVariant(name: string): IVariant {
  const { bootstrap, client } = useContext(FlagsContext);
  return client ? client.getVariant(name) : (bootstrap.find((toggle) => toggle.name === name)?.variant ?? DISABLED);
}
