/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import en from "@/messages/en.json";
import { BanList } from "./ban-list";
import { formats } from "./format";
import { dialogPolyfill, fakeApi } from "./test-api";

// The bans: each with its reason and case, narrowed by name (or looked up by user id, as
// banned users are not members to search), more by cursor, and an Unban that asks first.

const GUILD = "584327784348909864";
const BANS = `/api/plugins/moderator/guilds/${GUILD}/bans`;
const EMRE = "893106369765441684";
const ban = (id: string, name: string, reason: string | null, caseId: number | null) => ({
  user: { id, name, avatar: null },
  reason,
  case: caseId ? { id: caseId, reason: `${reason} (case)`, type: "ban" } : null,
});

beforeAll(() => {
  dialogPolyfill();
  document.cookie = "XSRF-TOKEN=test-token";
});

function renderList() {
  render(<BanList guildId={GUILD} onOpen={() => undefined} defaultMinutes={60} refusals={{}} formats={formats("en-GB", "UTC")} text={en.moderation} />);
}
const names = () => within(screen.getByTestId("ban-list")).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell")[0]!.textContent);

it("narrows by name, looks a user id up, and pages by cursor", async () => {
  const requests = fakeApi({
    [`GET ${BANS}?user_id=${EMRE}`]: { status: 200, body: { bans: [ban(EMRE, "Emre", "Raid", null)], next_cursor: null, stale: false } },
    [`GET ${BANS}?cursor=222222222222222222`]: { status: 200, body: { bans: [ban("333333333333333333", "Quinn", null, null)], next_cursor: null, stale: false } },
    [`GET ${BANS}`]: { status: 200, body: { bans: [ban("111111111111111111", "Sam", "Spam", 5), ban("222222222222222222", "Samira", null, null)], next_cursor: "222222222222222222", stale: true } },
  });
  renderList();
  await act(async () => undefined);
  expect(screen.getByText(en.moderation.bans.stale)).toBeTruthy();
  expect(within(screen.getByTestId("ban-list")).getAllByRole("row")[1]!.textContent).toBe("SamSpam (case)#5Unban");
  fireEvent.change(screen.getByLabelText("Find a banned user"), { target: { value: "samI" } });
  expect(names()).toEqual(["Samira"]);
  await act(async () => fireEvent.change(screen.getByLabelText("Find a banned user"), { target: { value: EMRE } }));
  expect(names()).toEqual(["Emre"]);
  await act(async () => fireEvent.change(screen.getByLabelText("Find a banned user"), { target: { value: "" } }));
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Load more" })));
  expect(names()).toEqual(["Sam", "Samira", "Quinn"]);
  expect(requests.map((request) => request.path)).toEqual([BANS, `${BANS}?user_id=${EMRE}`, BANS, `${BANS}?cursor=222222222222222222`]);
});

it("unbans through the act dialog, asked first", async () => {
  const requests = fakeApi({
    [`GET ${BANS}`]: { status: 200, body: { bans: [ban("111111111111111111", "Sam", "Spam", 5)], next_cursor: null, stale: false } },
    [`POST /api/plugins/moderator/guilds/${GUILD}/infractions`]: { status: 201, body: { infraction: { id: 6, type: "unban", expires_at: null }, escalation: null, notice: null } },
  });
  renderList();
  await act(async () => undefined);
  fireEvent.click(screen.getByRole("button", { name: "Unban Sam" }));
  const dialog = screen.getByTestId("act-dialog");
  expect(within(dialog).getByRole("heading", { name: "Unban Sam" })).toBeTruthy();
  expect(requests.filter((request) => request.method === "POST")).toEqual([]);
  fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Appeal accepted" } });
  await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Unban" })));
  expect(requests.find((request) => request.method === "POST")!.body).toMatchObject({ type: "unban", user_id: "111111111111111111", reason: "Appeal accepted" });
  expect(within(dialog).getByText("Unbanned. Recorded as case #6.")).toBeTruthy();
});
