import styles from "./action-panel.module.css";
import type { Refusal } from "./use-action";

/** An action's outcome under it: its success (a status) or its refusal (an alert), unless a field shows it. */
export function Feedback({ done, refusal, shownByFields = [], testId }: { done: string | null; refusal: Refusal | null; shownByFields?: readonly string[]; testId?: string }) {
  const general = refusal && !shownByFields.some((path) => refusal.fields[path]) ? refusal.message : null;
  return (
    <>
      <p role="status" className={styles.done} data-testid={testId ? `${testId}-done` : undefined}>
        {done ?? ""}
      </p>
      {general ? (
        <p role="alert" className={styles.failed} data-testid={testId ? `${testId}-error` : undefined}>
          {general}
        </p>
      ) : null}
    </>
  );
}
