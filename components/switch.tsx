import styles from "./switch.module.css";

type Props = {
  id?: string;
  checked: boolean;
  onToggle: () => void;
  disabled?: boolean;
  busy?: boolean;
  describedBy?: string;
  /** Accessible name when no <label for> points at the switch. */
  label?: string;
  testId?: string;
};

/** A real switch: a <button role="switch" aria-checked>, drawn as a track and thumb. No state of its own. */
export function Switch({ id, checked, onToggle, disabled, busy, describedBy, label, testId }: Props) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      disabled={disabled}
      className={styles.switch}
      onClick={onToggle}
      data-testid={testId}
    >
      <span className={styles.thumb} aria-hidden="true" />
    </button>
  );
}
