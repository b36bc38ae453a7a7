"use client";

import { reportUnshownError } from "@/components/report-error";
import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import type { CollectionAction } from "@/lib/plugins/types";
import type { RawItem } from "./item-dialog";
import type { FormLabels, Pickers, Values } from "./types";
import { fill } from "@/lib/i18n/fill";
import styles from "./collection.module.css";

// The actions a collection declares for its items (lib/plugins/types.ts CollectionAction):
// buttons that post the item, send it or send a preview to the platform, and the notice
// each leaves under its item. Nothing here knows a plugin: labels, endpoints and the
// "already posted" field all come from the declaration.

export type ActionId = CollectionAction["id"];
type PerAction = Record<ActionId, string>;

export type ActionText = {
  label: PerAction;
  /** Labels once the item's `postedField` is set ("Re-post"). */
  again: PerAction;
  busy: PerAction;
  /** "Posted in {channel}." */
  done: PerAction;
  /** A re-post whose earlier message was deleted on the platform: "… posted again in {channel}." */
  reposted: string;
  posted: string;
  open: string;
  dismiss: string;
  /** After a post in a plugin that is off ("{plugin}"), and the button that turns it on. */
  pluginOff: string;
  /** Above a list of alerts while their plugin is off: "{plugin} is switched off: none of these alerts is posted…". */
  alertsOff: string;
  turnOn: string;
  turnedOn: string;
  errors: {
    rate_limited: string;
    bot_missing_permissions: string;
    channel_required: string;
    invalid_channel: string;
    post_failed: string;
    /** "… {roles} …" */
    role_not_assignable: string;
    unknown_role: string;
  };
  /** Item dialog: "{min}" to "{max}" for numbers out of bounds. */
  outOfRange: string;
};

export type ItemActionsConfig = { list: readonly CollectionAction[]; text: ActionText; /** The platform's web app, for message links. */ linkBase: string };

export type ActionResult = { ok: true; text: string; href: string } | { ok: false; text: string };

/** `reposted`: the message posted before was gone from the platform, so this is a new one. */
type Posted = { channel_id: string; message_id: string; item?: RawItem; reposted?: boolean };
type ErrorBody = { message?: string; fields?: Array<{ path?: string; code?: string; message?: string }> };

/** The codes explained under the item instead of in the error modal. */
const HANDLED = ["rate_limited", "bot_missing_permissions", "channel_required", "invalid_channel", "post_failed", "role_not_assignable"] as const;
type Handled = (typeof HANDLED)[number];

/** Whether the item already holds the message this action posted. */
export function isPosted(action: CollectionAction, data: Values): boolean {
  return Boolean(action.postedField && data[action.postedField]);
}

function valueAt(data: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), data);
}

/** The issue codes of role fields (lib/validation/issues.ts roleIssue) and the picker's words for them. */
const ROLE_REASONS: Record<string, keyof FormLabels["reasons"]> = { role_above_bot: "above_bot", role_managed: "managed", role_everyone: "everyone" };

type Describe = { channelName: (id: string) => string; pickers: Pickers; labels: FormLabels };

function explain(code: Handled, body: ErrorBody, data: Values, text: ActionText, { pickers, labels }: Describe): string {
  const fields = body.fields ?? [];
  if (code === "role_not_assignable") {
    const roles = fields.map((field) => {
      const id = String(valueAt(data, field.path ?? "") ?? "");
      const role = pickers.roles.find((entry) => entry.id === id);
      const reason = labels.reasons[ROLE_REASONS[field.code ?? ""] ?? ("" as keyof FormLabels["reasons"])] ?? text.errors.unknown_role;
      return `${role?.name ?? labels.unknownRole} (${reason})`;
    });
    return fill(text.errors.role_not_assignable, { roles: roles.join(", ") });
  }
  if (code === "post_failed" && fields.length > 0) {
    return `${text.errors.post_failed} ${fields.map((field) => `${field.path}: ${field.message}`).join("; ")}`;
  }
  return text.errors[code];
}

/** Calls one action of one item; null when the failure was already shown in the error modal. */
export async function runItemAction(
  itemPath: string,
  guildId: string,
  data: Values,
  action: CollectionAction,
  config: ItemActionsConfig,
  describe: Describe,
  onItem: (item: RawItem) => void,
): Promise<ActionResult | null> {
  try {
    const result = await apiFetch<Posted>(`${itemPath}/${action.path}`, { method: "POST", handles: HANDLED });
    if (result.item) onItem(result.item);
    return {
      ok: true,
      text: fill(result.reposted ? config.text.reposted : config.text.done[action.id], { channel: describe.channelName(result.channel_id) }),
      href: `${config.linkBase}/channels/${guildId}/${result.channel_id}/${result.message_id}`,
    };
  } catch (error) {
    const body = error instanceof TransportError ? ((error.body ?? {}) as ErrorBody) : {};
    const code = errorCodeOf(body);
    if (code && (HANDLED as readonly string[]).includes(code)) return { ok: false, text: explain(code as Handled, body, data, config.text, describe) };
    reportUnshownError(error);
    return null;
  }
}

type ButtonsProps = {
  title: string;
  data: Values;
  config: ItemActionsConfig;
  /** The action of this item in flight, if any. */
  running: ActionId | null;
  disabled?: boolean;
  onRun: (action: CollectionAction) => void;
};

/** One button per declared action; "Re-post" once posted, a busy label while it runs. */
export function ActionButtons({ title, data, config, running, disabled, onRun }: ButtonsProps) {
  return config.list.map((action) => {
    const label = isPosted(action, data) ? config.text.again[action.id] : config.text.label[action.id];
    const busy = running === action.id;
    return (
      <button
        key={action.id}
        type="button"
        className="button button-secondary button-small"
        data-action={action.id}
        onClick={() => onRun(action)}
        disabled={running !== null || disabled}
        aria-busy={busy}
        aria-label={`${busy ? config.text.busy[action.id] : label}: ${title}`}
      >
        {busy ? config.text.busy[action.id] : label}
      </button>
    );
  });
}

/** The notice an action leaves under its item: where it was posted (with a link), or why not. */
/** A plugin switched off while its items are posted: said under the post, with a way to turn it on. */
export type PluginOff = { name: string; enabled: boolean; busy: boolean; onEnable: () => void; /** Turned on from a notice just now: the notice says so. */ turnedOnHere: boolean };

export function ActionNotice({ result, text, onDismiss, plugin }: { result: ActionResult; text: ActionText; onDismiss: () => void; plugin?: PluginOff }) {
  return (
    <p className={`notice ${result.ok ? styles.noticeOk : "notice-error"} ${styles.itemNotice}`} role={result.ok ? "status" : "alert"} data-testid="item-action-notice">
      <span className={styles.itemNoticeText}>
        {result.text}
        {result.ok ? (
          <>
            {" "}
            <a href={result.href} target="_blank" rel="noopener noreferrer">
              {text.open}
            </a>
          </>
        ) : null}
        {result.ok && plugin && !plugin.enabled ? (
          <span className={styles.pluginOff} data-testid="plugin-off">
            {fill(text.pluginOff, { plugin: plugin.name })}{" "}
            <button type="button" className="button button-secondary button-small" onClick={plugin.onEnable} disabled={plugin.busy} aria-busy={plugin.busy}>
              {fill(text.turnOn, { plugin: plugin.name })}
            </button>
          </span>
        ) : null}
        {result.ok && plugin?.enabled && plugin.turnedOnHere ? <span className={styles.pluginOff}>{fill(text.turnedOn, { plugin: plugin.name })}</span> : null}
      </span>
      <button type="button" className={`button button-ghost button-small ${styles.itemNoticeClose}`} onClick={onDismiss} aria-label={text.dismiss}>
        ×
      </button>
    </p>
  );
}
