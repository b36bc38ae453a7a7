"use client";

import { lazy } from "react";
import { AfterHydration } from "@/components/after-hydration";
import { LoadingStatus } from "@/components/loading-status";
import type { DryRunProps } from "./automod-dry-run";
import styles from "./automod-dry-run.module.css";

// The dry run sits under the rules, below the fold: its code is not in the page's first load.
const AutomodDryRunForm = lazy(() => import("./automod-dry-run").then((module) => ({ default: module.AutomodDryRunForm })));

export function LazyAutomodDryRun(props: DryRunProps) {
  return (
    <AfterHydration fallback={<LoadingStatus className={styles.loading} />}>
      <AutomodDryRunForm {...props} />
    </AfterHydration>
  );
}
