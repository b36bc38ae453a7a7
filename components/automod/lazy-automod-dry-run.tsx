"use client";

import { lazy } from "react";
import { AfterHydration } from "@/components/after-hydration";
import { useBoundaryText } from "@/components/boundary-text";
import type { DryRunProps } from "./automod-dry-run";
import styles from "./automod-dry-run.module.css";

// The dry run sits under the rules, below the fold: its code is not in the page's first load.
const AutomodDryRunForm = lazy(() => import("./automod-dry-run").then((module) => ({ default: module.AutomodDryRunForm })));

export function LazyAutomodDryRun(props: DryRunProps) {
  const { loading } = useBoundaryText();
  return (
    <AfterHydration
      fallback={
        <p className={styles.loading} role="status">
          {loading}
        </p>
      }
    >
      <AutomodDryRunForm {...props} />
    </AfterHydration>
  );
}
