"use client";

import { lazy, type ComponentProps } from "react";
import { AfterHydration } from "@/components/after-hydration";
import { Spinner } from "@/components/spinner";
import type { DeliveryLog } from "./delivery-log";
import { DeliveryLogFrame } from "./delivery-log-frame";

// The log is asked in the browser only (the page is cached; its log would be old), so its code
// (and the data library it polls with) loads once the page is interactive, not with it: the
// server draws the card with its loading line.
const Log = lazy(() => import("./delivery-log").then((module) => ({ default: module.DeliveryLog })));

export function LazyDeliveryLog(props: ComponentProps<typeof DeliveryLog>) {
  const loading = (
    <DeliveryLogFrame pluginId={props.pluginId} text={props.text} busy>
      <Spinner label={props.text.loading} showLabel />
    </DeliveryLogFrame>
  );
  return (
    <AfterHydration fallback={loading}>
      <Log {...props} />
    </AfterHydration>
  );
}
