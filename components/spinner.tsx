import styles from "./spinner.module.css";

/** A spinner with a text label for screen readers (and sighted users when `showLabel`). */
export function Spinner({ label, showLabel = false }: { label: string; showLabel?: boolean }) {
  return (
    <div className={styles.wrap} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={showLabel ? styles.label : "visually-hidden"}>{label}</span>
    </div>
  );
}
