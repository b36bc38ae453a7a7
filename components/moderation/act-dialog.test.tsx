/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { onErrorModal } from "@/lib/http/error-bus";
import en from "@/messages/en.json";
import { ActDialog, type ActKind } from "./act-dialog";
import { formats } from "./format";
import { dialogPolyfill, fakeApi, type Answer } from "./test-api";

// The act dialog: progress while it sends, the server's refusal shown in place (and the form
// kept), what followed a warning (a threshold reached, the notice by DM), and one idempotency
// key for as long as it is open, so pressing again makes no second case.

const GUILD = "584327784348909864";
const SAM = { id: "139413632000852079", name: "Sam" };
const POST = `POST /api/plugins/moderator/guilds/${GUILD}/infractions`;
const view = (overrides: Record<string, unknown>) => ({
  id: 5, type: "warn", target: { id: SAM.id, name: "Sam" }, moderator: { kind: "dashboard", id: "1", name: "Ada" }, reason: "", duration_seconds: null, expires_at: null,
  pardoned: null, related_case_id: null, source: "dashboard", version: 1, created_at: "2026-01-05T10:00:00.000Z", updated_at: "2026-01-05T10:00:00.000Z", ...overrides,
});
const REFUSAL = { code: "mod_target_above_bot", status_code: 403, message: "This member's highest role is not below the bot's, so the bot cannot act on them. Move the bot's role higher.", error: { message: "…" }, fields: [{ path: "user_id", code: "mod_target_above_bot" }] };

beforeAll(() => {
  dialogPolyfill();
  document.cookie = "XSRF-TOKEN=test-token";
});

/** The words as the page gives them: the threshold's sentence worded with the plugin's count. */
const text = { ...en.moderation, act: { ...en.moderation.act, escalatedTimeout: "They reached 2 warnings and were timed out for {duration}." } };

function open(actKind: ActKind) {
  const onClose = jest.fn();
  render(<ActDialog guildId={GUILD} act={actKind} member={SAM} defaultMinutes={60} refusals={{ mod_target_above_bot: REFUSAL.message }} onClose={onClose} formats={formats("en-GB", "UTC")} text={text} />);
  return onClose;
}

it("shows progress while sending, then the warning, the threshold it reached and the DM notice's fate", async () => {
  let arrive!: () => void;
  const until = new Promise<void>((resolve) => (arrive = resolve));
  const escalation = { case: view({ id: 6, type: "timeout", duration_seconds: 900, moderator: { kind: "bot", id: "2", name: null }, related_case_id: 5 }) };
  const requests = fakeApi({ [POST]: { status: 201, body: { infraction: view({}), escalation, notice: "failed" }, until } });
  open("warn");
  fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "  Spam in #general " } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Warn" })));
  expect(screen.getByRole("button", { name: "Sending…" })).toHaveProperty("disabled", true);
  expect(screen.getByRole("dialog").getAttribute("aria-busy")).toBe("true");
  await act(async () => arrive());
  expect(requests[0]).toMatchObject({ method: "POST", body: { type: "warn", user_id: SAM.id, reason: "Spam in #general", idempotency_key: expect.stringMatching(/^[0-9a-f]{32}$/) } });
  expect(screen.getByText("Warned. Recorded as case #5.")).toBeTruthy();
  expect(screen.getByText("They reached 2 warnings and were timed out for 15 minutes.")).toBeTruthy();
  expect(screen.getByText("The member does not accept DMs: no notice sent.")).toBeTruthy();
});

it("shows the server's refusal in the dialog, keeps what was typed, and sends the same key again", async () => {
  const answers: Answer[] = [
    { status: 403, body: REFUSAL },
    { status: 201, body: { infraction: view({ id: 7, type: "kick" }), escalation: null, notice: "sent" } },
  ];
  const requests = fakeApi({ [POST]: answers });
  const modals: unknown[] = [];
  const stop = onErrorModal((payload) => modals.push(payload));
  open("kick");
  fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Raid" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Kick" })));
  expect(screen.getByText(REFUSAL.message)).toBeTruthy();
  expect((screen.getByLabelText("Reason") as HTMLTextAreaElement).value).toBe("Raid");
  // No error modal: the refusal is explained here.
  expect(modals).toEqual([]);
  stop();

  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Kick" })));
  expect(screen.getByText("Kicked. Recorded as case #7.")).toBeTruthy();
  expect(screen.getByText("They were told by direct message.")).toBeTruthy();
  const keys = requests.map((request) => (request.body as { idempotency_key: string }).idempotency_key);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
});

it("times out for the chosen length, refusing one past 28 days", async () => {
  const requests = fakeApi({ [POST]: { status: 201, body: { infraction: view({ type: "timeout", duration_seconds: 172_800, expires_at: "2026-01-07T10:00:00.000Z" }), escalation: null, notice: "off" } } });
  open("timeout");
  expect((screen.getByLabelText("How long") as HTMLInputElement).value).toBe("1");
  expect((screen.getByLabelText("Unit") as HTMLSelectElement).value).toBe("60");
  fireEvent.change(screen.getByLabelText("Unit"), { target: { value: "1440" } });
  fireEvent.change(screen.getByLabelText("How long"), { target: { value: "29" } });
  expect(screen.getByText("Enter a length from 1 minute to 28 days.")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Time out" })).toHaveProperty("disabled", true);
  fireEvent.change(screen.getByLabelText("How long"), { target: { value: "2" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Time out" })));
  expect(requests[0]!.body).toMatchObject({ type: "timeout", duration_minutes: 2880 });
  expect(screen.getByText("Timed out until 7 Jan 2026, 10:00. Recorded as case #5.")).toBeTruthy();
});

it("bans with the message history to delete", async () => {
  const requests = fakeApi({ [POST]: { status: 201, body: { infraction: view({ type: "ban" }), escalation: null, notice: "sent" } } });
  open("ban");
  fireEvent.change(screen.getByLabelText("Delete their recent messages"), { target: { value: "86400" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Ban" })));
  expect(requests[0]!.body).toMatchObject({ type: "ban", delete_message_seconds: 86_400 });
  expect(screen.getByText("Banned. Recorded as case #5.")).toBeTruthy();
});
