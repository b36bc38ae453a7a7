"use client";

import { useRef } from "react";
import type { PickerRole } from "@/lib/guilds/pickers";
import { hexOf } from "@/components/settings-form/values";
import type { PickerLabels } from "./labels";
import { inkOn, PALETTE } from "./palette";
import styles from "./pickers.module.css";

type Swatch = { color: number; name: string };

// A guild can have hundreds of roles; past this many distinct colours the row stops being a shortcut.
const MAX_ROLE_COLORS = 24;

/** Distinct colours of the guild's roles, highest role first; roles without a colour (0) have none to offer. */
export function roleSwatches(roles: readonly PickerRole[]): Swatch[] {
  const names = new Map<number, string[]>();
  for (const role of [...roles].sort((a, b) => b.position - a.position)) {
    if (role.color <= 0) continue;
    names.set(role.color, [...(names.get(role.color) ?? []), role.name]);
  }
  return [...names].slice(0, MAX_ROLE_COLORS).map(([color, roleNames]) => ({ color, name: roleNames.join(", ") }));
}

type Props = { idPrefix: string; value: number | null; onPick: (color: number) => void; roles: readonly PickerRole[]; text: PickerLabels; disabled?: boolean };

/** The platform's palette and the guild's role colours, as two radio groups beside the hex box. */
export function ColorPresets({ idPrefix, value, onPick, roles, text, disabled }: Props) {
  const standard = PALETTE.map(([name, color]) => ({ color, name: text.colors[name] }));
  const fromRoles = roleSwatches(roles);
  return (
    <div className={styles.presetGroups}>
      <SwatchGroup id={`${idPrefix}-standard`} label={text.standardColors} swatches={standard} value={value} onPick={onPick} disabled={disabled} />
      {fromRoles.length > 0 ? <SwatchGroup id={`${idPrefix}-roles`} label={text.roleColors} swatches={fromRoles} value={value} onPick={onPick} disabled={disabled} /> : null}
    </div>
  );
}

type GroupProps = { id: string; label: string; swatches: readonly Swatch[]; value: number | null; onPick: (color: number) => void; disabled?: boolean };

/**
 * ARIA radio group: one tab stop (the chosen swatch, else the first), arrows move and choose
 * (left and right follow the reading direction), Home and End jump, Space and Enter choose.
 */
function SwatchGroup({ id, label, swatches, value, onPick, disabled }: GroupProps) {
  const group = useRef<HTMLDivElement>(null);
  const checked = swatches.findIndex((swatch) => swatch.color === value);
  const tabStop = checked >= 0 ? checked : 0;

  function moveTo(index: number) {
    const target = (index + swatches.length) % swatches.length;
    group.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[target]?.focus();
    onPick(swatches[target]!.color);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLButtonElement>, index: number) {
    const rtl = event.currentTarget.closest("[dir]")?.getAttribute("dir") === "rtl";
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const backward = rtl ? "ArrowRight" : "ArrowLeft";
    const moves: Record<string, number> = { [forward]: index + 1, ArrowDown: index + 1, [backward]: index - 1, ArrowUp: index - 1, Home: 0, End: swatches.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    moveTo(moves[event.key]!);
  }

  return (
    <div className={styles.presets}>
      <p id={`${id}-label`} className={styles.presetsLabel}>
        {label}
      </p>
      <div ref={group} role="radiogroup" aria-labelledby={`${id}-label`} className={styles.swatches}>
        {swatches.map((swatch, index) => {
          const hex = hexOf(swatch.color);
          const isChecked = index === checked;
          return (
            <button
              key={swatch.color}
              type="button"
              role="radio"
              aria-checked={isChecked}
              aria-label={`${swatch.name} ${hex}`}
              title={`${swatch.name} ${hex}`}
              tabIndex={index === tabStop ? 0 : -1}
              className={styles.swatch}
              style={{ background: hex, color: inkOn(swatch.color) }}
              disabled={disabled}
              onClick={() => onPick(swatch.color)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {isChecked ? <span aria-hidden="true">✓</span> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
