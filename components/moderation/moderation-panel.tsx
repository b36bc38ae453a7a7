"use client";

import { lazy, Suspense, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { Tabs } from "@/components/tabs";
import { fill } from "@/lib/i18n/fill";
import type { LockdownResult } from "@/lib/moderation/lockdown";
import { CaseList, type CasePage } from "./case-list";
import { formats as makeFormats } from "./format";
import type { ChosenMember } from "./member-search";
import type { ModerationText } from "./text";
import { readState, stateQuery, TABS, type PageState, type TabId } from "./url-state";
import styles from "./moderation.module.css";

// The moderation page's island: tabs for the cases, a member's history, bans, mutes and the
// lockdown, with what they show kept in the address. The case list arrives drawn by the
// server; every other tab, and the dialogs, load their code the first time they open.

// Each tab's and dialog's code is a chunk of its own, fetched when first shown.
const CaseDialog = lazy(() => import("./case-dialog").then((module) => ({ default: module.CaseDialog })));
const MemberHistory = lazy(() => import("./member-history").then((module) => ({ default: module.MemberHistory })));
const BanList = lazy(() => import("./ban-list").then((module) => ({ default: module.BanList })));
const MuteList = lazy(() => import("./mute-list").then((module) => ({ default: module.MuteList })));
const LockdownPanel = lazy(() => import("./lockdown-panel").then((module) => ({ default: module.LockdownPanel })));

type Props = {
  guildId: string;
  initialCases: CasePage;
  lockdown: LockdownResult;
  lockdownChannels: ReadonlyArray<{ id: string; name: string }>;
  settingsHref: string;
  /** The server's time zone: days and times are its. */
  zone: string;
  /** BCP 47 tag of the page's language. */
  locale: string;
  defaultMinutes: number;
  refusals: Record<string, string>;
  text: ModerationText;
};

const CHANGED = "guildhall:moderation-address";
const subscribe = (changed: () => void) => {
  window.addEventListener("popstate", changed);
  window.addEventListener(CHANGED, changed);
  return () => {
    window.removeEventListener("popstate", changed);
    window.removeEventListener(CHANGED, changed);
  };
};
const currentSearch = () => window.location.search;

export function ModerationPanel({ guildId, initialCases, lockdown, lockdownChannels, settingsHref, zone, locale, defaultMinutes, refusals, text }: Props) {
  // The render everyone shares shows the plain page; the address is read once in the browser.
  const search = useSyncExternalStore(subscribe, currentSearch, () => "");
  const state = useMemo(() => readState(search), [search]);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [visited, setVisited] = useState<ReadonlySet<TabId>>(new Set(["cases"]));
  const formats = useMemo(() => makeFormats(locale, zone), [locale, zone]);

  function go(next: PageState, push: boolean) {
    const url = `${window.location.pathname}${stateQuery(next)}${window.location.hash}`;
    // No state of ours: Next's router then copies its own in and takes the address as its own, so
    // the refresh that follows a write (RefreshAfterWrites) keeps it.
    window.history[push ? "pushState" : "replaceState"](null, "", url);
    window.dispatchEvent(new Event(CHANGED));
    // A tab keeps what it holds once opened (a half-written search), the one the address opened on too.
    setVisited((seen) => (seen.has(next.tab) && seen.has(state.tab) ? seen : new Set([...seen, state.tab, next.tab])));
  }
  const learn = (member: ChosenMember) => setNames((known) => new Map(known).set(member.id, member.name));
  const showMember = (member: ChosenMember | null) => {
    if (member) learn(member);
    const { member: _gone, ...rest } = state;
    go(member ? { ...rest, tab: "member", member: member.id } : { ...rest, tab: "member" }, true);
  };
  const openCase = (number: number) => go({ ...state, caseNumber: number }, true);
  const closeCase = () => {
    const { caseNumber: _closed, ...rest } = state;
    go(rest, false);
  };

  const wait = (part: ReactNode) => (
    <Suspense
      fallback={
        <p role="status" className={styles.muted}>
          {text.loading}
        </p>
      }
    >
      {part}
    </Suspense>
  );
  const shared = { guildId, defaultMinutes, refusals, formats, text };
  const member = state.member ? { id: state.member, name: names.get(state.member) ?? fill(text.people.unknown, { id: state.member }) } : null;
  const opened = (tab: TabId) => state.tab === tab || visited.has(tab);

  return (
    <>
      <Tabs
        label={text.tabsLabel}
        idPrefix="moderation"
        tabs={TABS.map((id) => ({ id, label: text.tabs[id] }))}
        selected={state.tab}
        onSelect={(tab) => go({ ...state, tab }, false)}
        panels={{
          cases: (
            <CaseList
              guildId={guildId}
              initial={initialCases}
              filters={state.filters}
              onFilters={(filters) => go({ ...state, filters }, false)}
              names={names}
              onName={learn}
              onOpen={openCase}
              onMember={showMember}
              zone={zone}
              formats={formats}
              text={text}
            />
          ),
          member: opened("member") ? wait(<MemberHistory {...shared} member={member} onMember={showMember} onOpen={openCase} />) : null,
          bans: opened("bans") ? wait(<BanList {...shared} onOpen={openCase} />) : null,
          mutes: opened("mutes") ? wait(<MuteList {...shared} onOpen={openCase} />) : null,
          lockdown: opened("lockdown") ? wait(<LockdownPanel guildId={guildId} initial={lockdown} channels={lockdownChannels} settingsHref={settingsHref} text={text} />) : null,
        }}
      />
      {state.caseNumber ? wait(<CaseDialog key={state.caseNumber} guildId={guildId} number={state.caseNumber} onClose={closeCase} onMember={showMember} formats={formats} text={text} />) : null}
    </>
  );
}
