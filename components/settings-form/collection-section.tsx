"use client";

import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { CollectionLimitNotice, PremiumListUpsell } from "@/components/premium/collection-limit-notice";
import { onPluginSaved } from "@/components/plugin-events";
import { reportUnshownError } from "@/components/report-error";
import { usePluginEnabled } from "@/components/use-plugin-enabled";
import { whenIdle } from "@/components/when-idle";
import { unpackPickers, type PackedPickers } from "@/lib/guilds/packed-pickers";
import { apiFetch } from "@/lib/http/client-fetch";
import { uploadKeyOf, uploadUrl } from "@/lib/images/reference";
import { parseCustomEmoji } from "@/lib/platform/custom-emoji";
import type { CollectionAction } from "@/lib/plugins/types";
import type { RowContext } from "./field-row";
import { ActionButtons, ActionNotice, isPosted, runItemAction, type ActionId, type ActionResult, type ItemActionsConfig } from "./item-actions";
import type { DialogText, RawItem } from "./item-dialog";
import { isChannelUi } from "@/lib/plugins/channel-uis";
import { optionsFor } from "./picker-options";
import type { FormSpec, Values } from "./types";
import { fill } from "@/lib/i18n/fill";
import { emptyRow } from "./values";
import styles from "./collection.module.css";

// The add/edit dialog (the item's fields, its live validation) is not needed to show the list:
// its chunk is fetched once the browser is idle after the page is drawn, and the dialog mounted
// the first time an item is added or edited.
const loadItemDialog = () => import("./item-dialog").then((module) => ({ default: module.ItemDialog }));
const ItemDialog = lazy(loadItemDialog);

export type Item = { id: string; position: number; version: number; data: Values };

export type CollectionText = DialogText & {
  title: string;
  add: string;
  empty: string;
  /** One example of an item, shown when the list is empty ("For example: …"). */
  example?: string;
  edit: string;
  delete: string;
  confirmDelete: string;
  count: string;
  limitReached: string;
  premiumLimitReached: string;
  showMore: string;
  untitled: string;
  off: string;
};

type Props = {
  guildId: string;
  pluginId: string;
  collection: string;
  titleField: string;
  spec: FormSpec;
  initial: { items: Item[]; total: number; max: number };
  /** Channels and roles as the page sends them (lib/guilds/packed-pickers.ts); the rows get them unpacked. */
  context: Omit<RowContext, "errors" | "idPrefix" | "pickers"> & { pickers: PackedPickers };
  text: CollectionText;
  /** The collection's endpoints below /api/plugins when not at `/{plugin}/guilds/{guild}/{collection}` (timers). */
  path?: string;
  /** Item actions the collection declares (post, send, preview), with their strings. */
  actions?: ItemActionsConfig;
  /**
   * The plugin's name and whether it is on: posts in a plugin that is off say so and offer to
   * turn it on. `alerts`: the items are alerts the bot posts by itself (social subscriptions):
   * while the plugin is off and has some, the list says none is posted, with a button to turn it on.
   */
  plugin?: { name: string; enabled: boolean; alerts?: boolean };
  /** Cards in a grid (trophies) instead of rows: a big icon, the title and a line of detail fields. */
  display?: GridDisplay;
  /** A ready-made set of items added in one all-or-nothing call (a starter set of trophies). */
  batch?: BatchAdd;
};

export type GridDisplay = {
  kind: "grid";
  /** Emoji field drawn as the card's icon. */
  icon: string;
  /** Image field (`ui: "image"`) drawn instead of the emoji when it holds an upload. */
  image?: string;
  /** The icon of a card with neither an image nor an emoji. */
  fallback?: string;
  /** Fields shown under the title, joined with " · "; empty ones are left out, options read by their label. */
  details: readonly string[];
};

export type BatchAdd = {
  /** Below /api/plugins; answers `{ items }` with 201, or refuses the whole batch. */
  path: string;
  /** The body key holding the items (`trophies`). */
  key: string;
  items: readonly Values[];
  /** The limits endpoint below /api/plugins, answering `{ used, max }`, read before adding. */
  limitsPath: string;
  text: { label: string; busy: string; done: string; noRoom: string; used: string };
};

const PAGE = 50;

function toItem({ id, position, version, ...data }: RawItem): Item {
  return { id, position, version, data };
}

/** A plugin collection (commands, timers, feeds…): the list, its count against the limit, and add / edit / delete. */
export function CollectionSection({ guildId, pluginId, collection, titleField, spec, initial, context: packedContext, text, path, actions, plugin, display, batch }: Props) {
  // A default message saved in the settings above is what blank item messages preview from then on.
  const [fallbacks, setFallbacks] = useState(packedContext.fallbacks);
  useEffect(
    () => onPluginSaved((detail) => detail.pluginId === pluginId && setFallbacks((current) => current && Object.fromEntries(Object.keys(current).map((name) => [name, detail.config[name]])))),
    [pluginId],
  );
  const context = useMemo(() => {
    const createRole = packedContext.labels.createRole;
    return { ...packedContext, pickers: unpackPickers(packedContext.pickers), fallbacks, roleCreation: createRole ? { guildId, text: createRole } : undefined };
  }, [packedContext, fallbacks, guildId]);
  const [items, setItems] = useState(initial.items);
  const [total, setTotal] = useState(initial.total);
  const [editing, setEditing] = useState<Item | null | undefined>(undefined);
  const [dialogMounted, setDialogMounted] = useState(false);
  if (editing !== undefined && !dialogMounted) setDialogMounted(true);
  useEffect(() => whenIdle(() => void loadItemDialog()), []);
  const [busy, setBusy] = useState<string | null>(null);
  const [running, setRunning] = useState<{ itemId: string; action: ActionId } | null>(null);
  const [results, setResults] = useState<Record<string, ActionResult>>({});
  /** A new item just saved: its Edit button takes the focus the closed dialog gives back. */
  const focusItem = useRef<string | null>(null);
  const section = useRef<HTMLElement>(null);
  const { enabled, enabling, turnedOnHere, turnOn } = usePluginEnabled(guildId, pluginId, plugin?.enabled ?? true);
  /** Turned on from the alerts notice: its button is gone, so the focus goes to the notice saying it is on. */
  const [turnedFromNotice, setTurnedFromNotice] = useState(false);
  const turnedOnNotice = useRef<HTMLParagraphElement>(null);
  const [batchState, setBatchState] = useState<{ status: "busy" | "done" | "noRoom"; used?: number; max?: number } | null>(null);
  const endpoint = `/plugins${path ?? `/${pluginId}/guilds/${guildId}/${collection}`}`;
  const emptyValues = useMemo(() => emptyRow(spec.fields), [spec]);
  // Fields an action fills in (the posted message) are not edited by hand.
  const dialogSpec = useMemo(() => {
    const posted = new Set((actions?.list ?? []).flatMap((action) => (action.postedField ? [action.postedField] : [])));
    return posted.size === 0 ? spec : { ...spec, fields: spec.fields.filter((field) => !posted.has(field.name)) };
  }, [spec, actions]);
  const full = total >= initial.max;
  const headingId = `collection-${pluginId}-${collection}`;

  // Ids read as "#general" / "Moderators"; the first channel besides the title is shown under it.
  const { titleOf, placeOf, channelName, shown } = useMemo(() => {
    const names = new Map([...optionsFor(context.pickers, "channel", context.labels), ...optionsFor(context.pickers, "voice_channel", context.labels), ...optionsFor(context.pickers, "role", context.labels)].map((o) => [o.value, o.label]));
    const place = spec.fields.find((field) => field.name !== titleField && isChannelUi(field.ui) && field.type !== "array");
    const shown = (raw: unknown) => (typeof raw === "string" || typeof raw === "number" ? (names.get(String(raw)) ?? String(raw)) : "");
    return {
      titleOf: (item: Item) => shown(item.data[titleField]) || text.untitled,
      placeOf: (item: Item) => (place ? shown(item.data[place.name]) : ""),
      channelName: (id: string) => names.get(id) ?? `#${id}`,
      shown,
    };
  }, [spec, titleField, context.pickers, context.labels, text.untitled]);

  async function remove(item: Item) {
    if (!window.confirm(fill(text.confirmDelete, { name: titleOf(item) }))) return;
    setBusy(item.id);
    try {
      await apiFetch(`${endpoint}/${item.id}`, { method: "DELETE" });
      setItems((current) => current.filter((other) => other.id !== item.id));
      setTotal((count) => count - 1);
    } catch (error) {
      reportUnshownError(error);
    } finally {
      setBusy(null);
    }
  }

  async function run(item: Item, action: CollectionAction) {
    if (!actions || running) return;
    setRunning({ itemId: item.id, action: action.id });
    setResults(({ [item.id]: _previous, ...rest }) => rest);
    const result = await runItemAction(`${endpoint}/${item.id}`, guildId, item.data, action, actions, { channelName, pickers: context.pickers, labels: context.labels }, (raw) => {
      const updated = toItem(raw);
      setItems((current) => current.map((other) => (other.id === updated.id ? updated : other)));
    });
    setRunning(null);
    if (result) setResults((current) => ({ ...current, [item.id]: result }));
  }

  async function addBatch() {
    if (!batch) return;
    setBatchState({ status: "busy" });
    try {
      // The server's numbers, not this page's: another admin may have added items since it loaded.
      const limits = await apiFetch<{ used: number; max: number }>(batch.limitsPath);
      if (limits.used + batch.items.length > limits.max) {
        setTotal(limits.used);
        setBatchState({ status: "noRoom", ...limits });
        return;
      }
      const created = await apiFetch<{ items: RawItem[] }>(batch.path, { method: "POST", body: { [batch.key]: batch.items } });
      const added = created.items.map(toItem);
      setItems((current) => [...current, ...added]);
      setTotal(limits.used + added.length);
      setBatchState({ status: "done", used: limits.used + added.length, max: limits.max });
    } catch (error) {
      setBatchState(null);
      reportUnshownError(error);
    }
  }

  /** A grid card's detail line: option labels, channel and role names, numbers. */
  function detailsOf(item: Item): string {
    if (!display) return "";
    return display.details
      .flatMap((name) => {
        const value = item.data[name];
        if (value === null || value === undefined || value === "") return [];
        const option = typeof value === "string" ? context.texts[name]?.options?.[value] : undefined;
        return [option ?? shown(value)];
      })
      .join(" · ");
  }

  async function loadMore() {
    setBusy("more");
    try {
      const page = await apiFetch<{ items: RawItem[]; total: number }>(`${endpoint}?${new URLSearchParams({ limit: String(PAGE), offset: String(items.length) })}`);
      setItems((current) => [...current, ...page.items.map(toItem).filter((item) => !current.some((other) => other.id === item.id))]);
      setTotal(page.total);
    } catch (error) {
      reportUnshownError(error);
    } finally {
      setBusy(null);
    }
  }

  function done(raw: RawItem | null) {
    const editedId = editing?.id;
    setEditing(undefined);
    if (!raw) return;
    const item = toItem(raw);
    // A notice about the item before this edit no longer describes it.
    if (editedId) setResults(({ [editedId]: _previous, ...rest }) => rest);
    if (editedId) setItems((current) => current.map((other) => (other.id === editedId ? item : other)));
    else {
      setItems((current) => [...current, item]);
      setTotal((count) => count + 1);
      focusItem.current = item.id;
    }
  }

  useEffect(() => {
    if (turnedFromNotice && enabled) turnedOnNotice.current?.focus();
  }, [turnedFromNotice, enabled]);

  useEffect(() => {
    if (!focusItem.current) return;
    section.current?.querySelector<HTMLElement>(`[data-edit="${focusItem.current}"]`)?.focus();
    focusItem.current = null;
  }, [items]);

  return (
    <section ref={section} className={styles.section} aria-labelledby={headingId} data-testid={`collection-${collection}`}>
      <header className={styles.header}>
        <h2 id={headingId}>{text.title}</h2>
        <span className={`badge ${full ? "badge-premium" : ""}`} data-testid="collection-count">
          {fill(text.count, { count: total, max: initial.max })}
        </span>
        {/* Full lists say it in the notice below; until then a free server sees what Premium would allow. */}
        {!full ? <PremiumListUpsell pluginId={pluginId} collection={collection} free={initial.max} premiumGuild={context.premiumGuild} labels={context.labels} /> : null}
        {batch ? (
          <button type="button" className={`button button-secondary button-small ${styles.add}`} disabled={full || context.disabled || batchState?.status === "busy"} onClick={() => void addBatch()}>
            {batchState?.status === "busy" ? batch.text.busy : batch.text.label}
          </button>
        ) : null}
        {/* An empty list offers the same action in its empty state, with an example. */}
        {items.length > 0 ? (
          <button type="button" className={`button button-primary button-small ${batch ? "" : styles.add}`} data-testid="collection-add" disabled={full || context.disabled} onClick={() => setEditing(null)}>
            + {text.add}
          </button>
        ) : null}
      </header>
      {batch && batchState && batchState.status !== "busy" ? (
        <p className={`notice ${batchState.status === "done" ? styles.noticeOk : "notice-warning"}`} role="status">
          {fill(batchState.status === "done" ? batch.text.done : batch.text.noRoom, { count: batch.items.length })} {fill(batch.text.used, { used: batchState.used ?? 0, max: batchState.max ?? 0 })}
        </p>
      ) : null}
      {plugin?.alerts && actions && items.length > 0 ? (
        !enabled ? (
          <p className={`notice notice-warning ${styles.alertsOff}`} data-testid="alerts-off">
            <span className={styles.alertsOffText}>{fill(actions.text.alertsOff, { plugin: plugin.name })}</span>{" "}
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => {
                setTurnedFromNotice(true);
                void turnOn();
              }}
              disabled={enabling || context.disabled}
              aria-busy={enabling}
            >
              {fill(actions.text.turnOn, { plugin: plugin.name })}
            </button>
          </p>
        ) : turnedFromNotice && turnedOnHere ? (
          <p ref={turnedOnNotice} className={`notice ${styles.noticeOk}`} role="status" tabIndex={-1}>
            {fill(actions.text.turnedOn, { plugin: plugin.name })}
          </p>
        ) : null
      ) : null}
      {full ? <CollectionLimitNotice pluginId={pluginId} collection={collection} free={initial.max} premiumGuild={context.premiumGuild} labels={context.labels} text={text} /> : null}
      {items.length === 0 ? (
        <div className={styles.empty} data-testid="collection-empty">
          <p className={styles.emptyTitle}>{text.empty}</p>
          {text.example ? <p>{text.example}</p> : null}
          <button type="button" className="button button-primary" data-testid="collection-add" disabled={full || context.disabled} onClick={() => setEditing(null)}>
            + {text.add}
          </button>
        </div>
      ) : (
        <ul className={display ? styles.grid : styles.items}>
          {items.map((item) => (
            <li key={item.id} className={display ? styles.card : styles.item} data-item-id={item.id}>
              {display ? <GridIcon emoji={item.data[display.icon]} image={display.image ? item.data[display.image] : undefined} fallback={display.fallback} /> : null}
              <span className={styles.itemText}>
                <span className={styles.itemTitle}>{titleOf(item)}</span>
                {display ? detailsOf(item) ? <span className={styles.itemPlace}>{detailsOf(item)}</span> : null : placeOf(item) ? <span className={styles.itemPlace}>{placeOf(item)}</span> : null}
              </span>
              {item.data.enabled === false ? <span className="badge">{text.off}</span> : null}
              {actions?.list.some((action) => isPosted(action, item.data)) ? <span className="badge badge-brand">{actions.text.posted}</span> : null}
              <span className={styles.itemActions}>
                {actions ? (
                  <ActionButtons
                    title={titleOf(item)}
                    data={item.data}
                    config={actions}
                    running={running?.itemId === item.id ? running.action : null}
                    disabled={context.disabled || (running !== null && running.itemId !== item.id)}
                    onRun={(action) => void run(item, action)}
                  />
                ) : null}
                <button type="button" className="button button-secondary button-small" onClick={() => setEditing(item)} aria-label={`${text.edit}: ${titleOf(item)}`} data-edit={item.id}>
                  {text.edit}
                </button>
                <button
                  type="button"
                  className={`button button-ghost button-small ${styles.danger}`}
                  onClick={() => void remove(item)}
                  disabled={busy === item.id || context.disabled}
                  aria-label={`${text.delete}: ${titleOf(item)}`}
                >
                  {text.delete}
                </button>
              </span>
              {results[item.id] && actions ? (
                <ActionNotice
                  result={results[item.id]!}
                  text={actions.text}
                  onDismiss={() => setResults(({ [item.id]: _previous, ...rest }) => rest)}
                  plugin={plugin ? { name: plugin.name, enabled, busy: enabling, onEnable: () => void turnOn(), turnedOnHere } : undefined}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {items.length < total ? (
        <button type="button" className="button button-ghost button-small" onClick={() => void loadMore()} disabled={busy === "more"}>
          {text.showMore}
        </button>
      ) : null}
      {dialogMounted ? (
        <Suspense fallback={null}>
          <ItemDialog
            editing={editing}
            endpoint={endpoint}
            schema={{ pluginId, collection }}
            spec={dialogSpec}
            emptyValues={emptyValues}
            context={context}
            text={text}
            validationText={actions?.text}
            heading={text.title}
            onDone={done}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/**
 * A card's icon: the uploaded image, else the emoji itself or a custom emoji's `:name:` (as the
 * emoji picker shows it), else the fallback. Decorative: the card's title follows it.
 */
function GridIcon({ emoji: value, image, fallback = "" }: { emoji: unknown; image?: unknown; fallback?: string }) {
  const key = uploadKeyOf(image);
  if (key) {
    return (
      <span className={styles.cardIcon} aria-hidden="true">
        {/* eslint-disable-next-line @next/next/no-img-element -- our own stored upload, served immutable */}
        <img src={uploadUrl(key)} alt="" className={styles.cardImage} data-testid="card-image" />
      </span>
    );
  }
  const emoji = typeof value === "string" && value !== "" ? value : fallback;
  const custom = parseCustomEmoji(emoji);
  return (
    <span className={custom ? styles.cardIconName : styles.cardIcon} aria-hidden="true">
      {custom ? `:${custom.name}:` : emoji}
    </span>
  );
}
