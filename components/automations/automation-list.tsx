"use client";

import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { DeleteDialog } from "@/components/action-panel/delete-dialog";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import { LoadingStatus } from "@/components/loading-status";
import { whenIdle } from "@/components/when-idle";
import type { FormLabels } from "@/components/settings-form/types";
import { unpackPickers, type PackedPickers } from "@/lib/guilds/packed-pickers";
import { fill } from "@/lib/i18n/fill";
import type { Automation, AutomationAction, AutomationCondition } from "@/lib/plugins/automations/definition";
import type { AutomationText } from "./text";
import styles from "./automations.module.css";

// The editor (its parts, the time zone picker, "Try it") opens on Edit or Add: its code is not in
// the page's first load, and is fetched once the browser is idle so the first click finds it.
const loadEditor = () => import("./automation-editor");
const AutomationEditor = lazy(() => loadEditor().then((module) => ({ default: module.AutomationEditor })));

type Listed = { id: string; data: Automation };

type Props = {
  guildId: string;
  initial: Listed[];
  /** Automations and actions per automation this server may have. */
  limits: { automations: number; actions: number };
  blanks: { automation: Automation; condition: AutomationCondition; action: AutomationAction };
  pickers: PackedPickers;
  labels: FormLabels;
  guildZone: string | null;
  text: AutomationText;
};

/** The server's automations: each with Edit and Delete, one editor open at a time, and Add while there is room. */
export function AutomationList({ guildId, initial, limits, blanks, pickers: packed, labels, guildZone, text }: Props) {
  const pickers = useMemo(() => unpackPickers(packed), [packed]);
  const [items, setItems] = useState(initial);
  /** The automation being edited: its id, "new", or none. */
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Listed | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const remove = useAction(text.failed);
  useEffect(() => whenIdle(() => void loadEditor()), []);
  const addButton = useRef<HTMLButtonElement>(null);
  const context = { text, pickers, labels, guildZone };
  const full = items.length >= limits.automations;
  /** The automation the delete dialog was opened for: gone from the list once the delete is done. */
  const removing = useRef<string | null>(null);
  useEffect(() => {
    if (!remove.done || !removing.current) return;
    const gone = removing.current;
    removing.current = null;
    setItems((current) => current.filter((entry) => entry.id !== gone));
    if (editing === gone) setEditing(null);
  }, [remove.done, editing]);

  const editor = (itemId: string | null, draft: Automation) => (
    <Suspense fallback={<LoadingStatus className={panelStyles.muted} />}>
      <AutomationEditor
        key={itemId ?? "new"}
        guildId={guildId}
        itemId={itemId}
        initial={draft}
        blanks={blanks}
        actionMax={limits.actions}
        context={context}
        onSaved={(item, message) => {
          setItems((current) => (current.some((entry) => entry.id === item.id) ? current.map((entry) => (entry.id === item.id ? item : entry)) : [...current, item]));
          setEditing(null);
          setSaved(message);
          requestAnimationFrame(() => document.getElementById(`automation-${item.id}-edit`)?.focus());
        }}
        onCancel={() => setEditing(null)}
      />
    </Suspense>
  );

  return (
    <div data-testid="automations">
      <p className={panelStyles.muted}>{fill(text.limits, { used: items.length, max: limits.automations, actions: limits.actions })}</p>
      {items.length === 0 && editing !== "new" ? <p className={panelStyles.muted}>{text.empty}</p> : null}
      <ul className={styles.list} aria-label={text.title}>
        {items.map((item) => (
          <li key={item.id} data-testid="automation-item">
            <div className={styles.item}>
              <div>
                <p className={styles.itemName}>{item.data.name}</p>
                <p className={styles.itemMeta}>
                  {text.triggers[item.data.trigger.type]} · {item.data.enabled ? text.on : text.off}
                </p>
              </div>
              <div className={styles.buttons}>
                <button id={`automation-${item.id}-edit`} type="button" className="button button-secondary" aria-expanded={editing === item.id} onClick={() => (setSaved(null), setEditing(editing === item.id ? null : item.id))}>
                  {text.edit}
                </button>
                <button type="button" className={`button button-secondary ${panelStyles.dangerButton}`} onClick={() => ((removing.current = item.id), setDeleting(item))}>
                  {text.delete}
                </button>
              </div>
            </div>
            {editing === item.id ? editor(item.id, item.data) : null}
          </li>
        ))}
      </ul>
      {editing === "new" ? editor(null, blanks.automation) : null}
      <div className={panelStyles.actions}>
        <button ref={addButton} type="button" className="button button-primary" disabled={full || editing === "new"} onClick={() => (setSaved(null), setEditing("new"))} data-testid="automation-add">
          {text.add}
        </button>
      </div>
      <p role="status" className={panelStyles.done}>
        {saved ?? ""}
      </p>
      <Feedback done={remove.done} refusal={remove.refusal} />
      <DeleteDialog
        open={deleting !== null}
        onClose={() => {
          setDeleting(null);
          addButton.current?.focus();
        }}
        name={deleting?.data.name ?? ""}
        path={`/plugins/automations/guilds/${guildId}/automations/${deleting?.id ?? ""}`}
        handles={[]}
        text={text.remove}
        action={remove}
        testId="automation-delete"
      />
    </div>
  );
}
