import { CASE_TYPES, type CaseType } from "@/lib/moderation/case-types";
import { wallClockToUtc } from "@/lib/time/wall-clock";

// What the moderation page shows is kept in its address, so a filtered list or a member's
// history can be shared, reloaded and gone back to: ?tab=member&member=…, ?type=ban,kick&from=….
// The page is the same for everyone (a cached render); the islands read the address once
// hydrated. A value that does not parse is dropped, like the audit log does.

export const TABS = ["cases", "member", "bans", "mutes", "lockdown"] as const;
export type TabId = (typeof TABS)[number];

export type CaseFilters = {
  user?: string;
  moderator?: string;
  types: CaseType[];
  /** First and last day (YYYY-MM-DD), inclusive, in the server's time zone. */
  from?: string;
  to?: string;
  pardoned: boolean;
};

export type PageState = { tab: TabId; member?: string; caseNumber?: number; filters: CaseFilters };

export const NO_FILTERS: CaseFilters = { types: [], pardoned: false };

const SNOWFLAKE = /^\d{17,20}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CASE_NUMBER = /^[1-9]\d{0,9}$/;

const id = (value: string | null) => (value && SNOWFLAKE.test(value) ? value : undefined);
const day = (value: string | null) => (value && DAY.test(value) && wallClockToUtc({ date: value, time: "00:00" }, "UTC") !== null ? value : undefined);

export function readState(search: string): PageState {
  const query = new URLSearchParams(search);
  const tab = TABS.find((candidate) => candidate === query.get("tab")) ?? "cases";
  const types = (query.get("type") ?? "").split(",").filter((type): type is CaseType => (CASE_TYPES as readonly string[]).includes(type));
  const caseNumber = query.get("case");
  const filters: CaseFilters = {
    ...(id(query.get("user")) && { user: id(query.get("user")) }),
    ...(id(query.get("moderator")) && { moderator: id(query.get("moderator")) }),
    types: [...new Set(types)],
    ...(day(query.get("from")) && { from: day(query.get("from")) }),
    ...(day(query.get("to")) && { to: day(query.get("to")) }),
    pardoned: query.get("pardoned") === "1",
  };
  return { tab, ...(id(query.get("member")) && { member: id(query.get("member")) }), ...(caseNumber && CASE_NUMBER.test(caseNumber) && { caseNumber: Number(caseNumber) }), filters };
}

/** The query string of a state ("" for the plain page), in a fixed order. */
export function stateQuery(state: PageState): string {
  const query = new URLSearchParams();
  if (state.tab !== "cases") query.set("tab", state.tab);
  if (state.member) query.set("member", state.member);
  if (state.caseNumber) query.set("case", String(state.caseNumber));
  const { filters } = state;
  if (filters.user) query.set("user", filters.user);
  if (filters.moderator) query.set("moderator", filters.moderator);
  if (filters.types.length > 0) query.set("type", filters.types.join(","));
  if (filters.from) query.set("from", filters.from);
  if (filters.to) query.set("to", filters.to);
  if (filters.pardoned) query.set("pardoned", "1");
  const text = query.toString();
  return text ? `?${text.replaceAll("%2C", ",")}` : "";
}

export const hasFilters = (filters: CaseFilters) => stateQuery({ tab: "cases", filters }) !== "";

/** The day after a YYYY-MM-DD day. */
function nextDay(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The filters as the infractions API (and its CSV export) reads them: days become instants in the server's zone. */
export function apiFilters(filters: CaseFilters, zone: string): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.user) query.set("user_id", filters.user);
  if (filters.moderator) query.set("moderator_id", filters.moderator);
  if (filters.types.length > 0) query.set("type", filters.types.join(","));
  const from = filters.from ? wallClockToUtc({ date: filters.from, time: "00:00" }, zone) : null;
  const end = filters.to ? wallClockToUtc({ date: nextDay(filters.to), time: "00:00" }, zone) : null;
  if (from !== null) query.set("from", new Date(from).toISOString());
  if (end !== null) query.set("to", new Date(end - 1).toISOString());
  if (filters.pardoned) query.set("include_pardoned", "true");
  return query;
}
