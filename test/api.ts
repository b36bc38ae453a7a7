// Tests only: shorthand for the plugin catch-all route, the error envelope and the audit log.
import { DELETE, GET, PATCH, POST, PUT } from "@/app/api/plugins/[...path]/route";
import { GET as auditLogRoute } from "@/app/api/guilds/[guildId]/audit-log/route";
import { PLUGIN_ENDPOINTS } from "@/lib/plugins/server";
import { call, type CookieJar } from "./route-client";

const PLUGIN_HANDLERS = { GET, POST, PATCH, PUT, DELETE } as const;
export type Method = keyof typeof PLUGIN_HANDLERS;

type Options = { body?: unknown; rawBody?: string; headers?: Record<string, string>; contentType?: string | null };

/** Calls /api/plugins/<path>[?query] through the catch-all handler, as a browser on APP_URL would. */
export function pluginCall(jar: CookieJar | undefined, method: Method, path: string, options: Options = {}): Promise<Response> {
  const [pathname = "", query] = path.split("?", 2);
  const segments = pathname.split("/").filter(Boolean);
  const url = `/api/plugins/${segments.map(encodeURIComponent).join("/")}${query === undefined ? "" : `?${query}`}`;
  return call(PLUGIN_HANDLERS[method], url, { method, jar, params: { path: segments }, ...options });
}

/** `/a/:guildId/b/:itemId` with the values filled in. */
export function fillPath(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    return value;
  });
}

/** The body as JSON, or null when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

export type Envelope = { code: string; status_code: number; message: string; error: { message: string }; fields?: Array<{ path: string; code: string; params?: Record<string, string | number>; message: string }> };

/** True when the body is exactly the error envelope of lib/http/api-error.ts for this status. */
export function isEnvelope(body: unknown, status: number): body is Envelope {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  const allowed = ["code", "error", "message", "status_code", "fields"];
  if (!keys.every((key) => allowed.includes(key))) return false;
  const error = record.error as Record<string, unknown> | null;
  return (
    typeof record.code === "string" &&
    record.status_code === status &&
    typeof record.message === "string" &&
    typeof error === "object" &&
    error !== null &&
    typeof error.message === "string" &&
    (record.fields === undefined || Array.isArray(record.fields))
  );
}

export type AuditEvent = { id: string; action: string; target: string; before: unknown; after: unknown; revertible: boolean };

/** The newest audit events of a guild (up to 100). */
export async function auditEvents(jar: CookieJar, guildId: string, limit = 100): Promise<AuditEvent[]> {
  const response = await call(auditLogRoute, `/api/guilds/${guildId}/audit-log?limit=${limit}`, { jar, params: { guildId } });
  if (response.status !== 200) throw new Error(`audit log answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { events: AuditEvent[] }).events;
}

/** Audit events newer than `afterId` (ids grow), optionally of one target. */
export async function auditEventsSince(jar: CookieJar, guildId: string, afterId: number, target?: string): Promise<AuditEvent[]> {
  const events = await auditEvents(jar, guildId);
  return events.filter((event) => Number(event.id) > afterId && (target === undefined || event.target === target));
}

/** The id of the newest audit event of a guild, 0 when there is none. */
export async function lastAuditId(jar: CookieJar, guildId: string): Promise<number> {
  const [newest] = await auditEvents(jar, guildId, 1);
  return newest ? Number(newest.id) : 0;
}

/** Removes the server-assigned fields of an item in an API answer. */
export function itemData(item: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, position: _position, version: _version, ...data } = item;
  return data;
}

/** The path pattern of a collection endpoint from the registry (timers use their own short paths). */
export function collectionPath(plugin: string, collection: string, method: Method, item: boolean): string {
  const found = PLUGIN_ENDPOINTS.find((ep) => ep.plugin === plugin && ep.collection === collection && ep.method === method && ep.path.includes(":itemId") === item);
  if (!found) throw new Error(`no ${method} endpoint for ${plugin}/${collection}`);
  return found.path;
}
