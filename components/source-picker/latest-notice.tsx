"use client";

import { Spinner } from "@/components/spinner";
import { fill } from "@/lib/i18n/fill";
import type { SourcePickerLabels } from "./types";
import type { LatestState } from "./use-latest-item";
import styles from "./source-picker.module.css";

/** What the alert preview is drawn from: the source's latest item, the variable names, or (provider failure) placeholders. */
export function LatestNotice({ state, labels }: { state: LatestState; labels: SourcePickerLabels }) {
  if (state.status === "idle") return null;
  if (state.status === "loading") return <Spinner label={labels.latest.loading} showLabel />;
  if (state.status === "failed") {
    return (
      <p className="notice notice-warning" role="status" data-testid="latest-notice">
        {labels.failures[state.failure]} {labels.latest.failed}
      </p>
    );
  }
  const text = state.status === "ready" ? fill(labels.latest.ready, { title: state.item.values.title ?? state.source.display_name }) : fill(labels.latest.empty, { name: state.source.display_name });
  return (
    <p className={styles.latest} role="status" data-testid="latest-notice">
      {text}
    </p>
  );
}
