"use client";

import { lazy, Suspense, type ComponentProps } from "react";
import { useHydrated } from "@/components/pickers/use-hydrated";
import { Spinner } from "@/components/spinner";
import type { DeliveryLog } from "./delivery-log";
import { DeliveryLogFrame } from "./delivery-log-frame";

// The log is asked in the browser only (the page is cached; its log would be old), so its code
// (and the data library it polls with) loads once the page is interactive, not with it: the
// server draws the card with its loading line.
const Log = lazy(() => import("./delivery-log").then((module) => ({ default: module.DeliveryLog })));

export function LazyDeliveryLog(props: ComponentProps<typeof DeliveryLog>) {
  const hydrated = useHydrated();
  const loading = (
    <DeliveryLogFrame pluginId={props.pluginId} text={props.text} busy>
      <Spinner label={props.text.loading} showLabel />
    </DeliveryLogFrame>
  );
  if (!hydrated) return loading;
  return (
    <Suspense fallback={loading}>
      <Log {...props} />
    </Suspense>
  );
}
