/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import en from "@/messages/en.json";
import { CaseDialog } from "./case-dialog";
import { formats } from "./format";
import { dialogPolyfill, fakeApi } from "./test-api";

// A case's dialog: the reason edited and the pardon given with the version shown, a change
// someone made meanwhile (412) said plainly with the case reloaded, and a delete asked twice.

const GUILD = "584327784348909864";
const PATH = `/api/plugins/moderator/guilds/${GUILD}/infractions/4`;
const view = (overrides: Record<string, unknown> = {}) => ({
  id: 4, type: "warn", target: { id: "139413632000852079", name: "Sam" }, moderator: { kind: "dashboard", id: "1", name: "Ada" }, reason: "Spam", duration_seconds: null, expires_at: null,
  pardoned: null, related_case_id: null, source: "dashboard", version: 3, created_at: "2026-01-05T10:00:00.000Z", updated_at: "2026-01-05T10:00:00.000Z", ...overrides,
});
const CONFLICT = { code: "version_conflict", status_code: 412, message: "Changed meanwhile.", error: { message: "Changed meanwhile." } };

beforeAll(() => {
  dialogPolyfill();
  document.cookie = "XSRF-TOKEN=test-token";
});

async function open() {
  render(<CaseDialog guildId={GUILD} number={4} onClose={() => undefined} formats={formats("en-GB", "UTC")} text={en.moderation} />);
  await act(async () => undefined);
}

it("saves the reason and pardons with the version it shows", async () => {
  const requests = fakeApi({
    [`GET ${PATH}`]: { status: 200, body: { infraction: view() } },
    [`PATCH ${PATH}`]: [
      { status: 200, body: { infraction: view({ reason: "Spam links", version: 4 }) } },
      { status: 200, body: { infraction: view({ reason: "Spam links", version: 5, pardoned: { by: "1", at: "2026-01-06T09:00:00.000Z" } }) } },
    ],
  });
  await open();
  expect(screen.getByRole("heading", { name: "Case #4" })).toBeTruthy();
  fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Spam links" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save the reason" })));
  expect(screen.getByText("Reason saved.")).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Pardon" })));
  expect(requests.filter((request) => request.method === "PATCH").map((request) => request.body)).toEqual([
    { reason: "Spam links", version: 3 },
    { pardoned: true, version: 4 },
  ]);
  expect(screen.getByText("Case pardoned.")).toBeTruthy();
  expect(screen.getByText("Pardoned on 6 Jan 2026, 09:00")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Lift the pardon" })).toBeTruthy();
});

it("says when someone changed the case meanwhile and shows it as it is now", async () => {
  fakeApi({
    [`GET ${PATH}`]: [
      { status: 200, body: { infraction: view() } },
      { status: 200, body: { infraction: view({ reason: "Their reason", version: 4 }) } },
    ],
    [`PATCH ${PATH}`]: { status: 412, body: CONFLICT },
  });
  await open();
  fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Mine" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save the reason" })));
  expect(screen.getByText(en.moderation.case.conflict)).toBeTruthy();
  expect((screen.getByLabelText("Reason") as HTMLTextAreaElement).value).toBe("Their reason");
});

it("deletes only once confirmed, sending its version", async () => {
  const requests = fakeApi({ [`GET ${PATH}`]: { status: 200, body: { infraction: view() } }, [`DELETE ${PATH}`]: { status: 204, body: undefined } });
  await open();
  fireEvent.click(screen.getByRole("button", { name: "Delete the case" }));
  expect(screen.getByText("Delete case #4? It leaves every list; the audit log keeps a record of it.")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Keep it" }));
  expect(requests.some((request) => request.method === "DELETE")).toBe(false);
  fireEvent.click(screen.getByRole("button", { name: "Delete the case" }));
  await act(async () => fireEvent.click(screen.getAllByRole("button", { name: "Delete the case" }).at(-1)!));
  expect(requests.at(-1)).toEqual({ method: "DELETE", path: `${PATH}?version=3` });
  expect(screen.getByText("Case #4 was deleted.")).toBeTruthy();
});
