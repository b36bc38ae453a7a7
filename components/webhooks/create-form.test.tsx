/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import en from "@/messages/en.json";
import { fakeApi } from "@/components/moderation/test-api";
import { CreateForm } from "./create-form";
import type { WebhookText } from "./text";

// The webhook form: the URL (its token) is shown once after the webhook is made, copied with
// feedback, and gone once dismissed; a refusal is said beside the field it names.

const GUILD = "584327784348909864";
const GENERAL = "300000000000000010";
const URL_ONCE = `https://discord.com/api/webhooks/1200000000000000001/${"t".repeat(68)}`;
const text = en.webhookManager as WebhookText;

beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
});

it("makes a webhook, shows its URL once to copy, and forgets it when dismissed", async () => {
  const requests = fakeApi({ [`POST /api/guilds/${GUILD}/webhooks`]: { status: 201, body: { webhook: { id: "1200000000000000001", name: "Book alerts", url: URL_ONCE } } } });
  const written: string[] = [];
  Object.assign(navigator, { clipboard: { writeText: async (value: string) => void written.push(value) } });
  render(<CreateForm guildId={GUILD} channels={[{ id: GENERAL, name: "general" }]} text={text} nameMax={80} />);

  fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Book alerts" } });
  await act(async () => fireEvent.submit(screen.getByTestId("webhook-create")));
  expect(requests.at(-1)).toMatchObject({ method: "POST", body: { channel_id: GENERAL, name: "Book alerts" } });
  expect(screen.getByTestId("webhook-create-done").textContent).toBe("Webhook Book alerts created.");
  expect((screen.getByLabelText("Webhook URL") as HTMLInputElement).value).toBe(URL_ONCE);

  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy URL" })));
  expect(written).toEqual([URL_ONCE]);
  expect(screen.getByTestId("webhook-copied").textContent).toBe("URL copied.");

  fireEvent.click(screen.getByRole("button", { name: "Done" }));
  expect(screen.queryByTestId("webhook-url")).toBeNull();
  expect(document.body.innerHTML).not.toContain("t".repeat(68));
});

it("says a refusal beside the field it names, and shows no URL", async () => {
  fakeApi({
    [`POST /api/guilds/${GUILD}/webhooks`]: {
      status: 409,
      body: { code: "webhook_limit_reached", status_code: 409, message: en.webhookManager.failed, error: { message: "" }, fields: [{ path: "channel_id", code: "webhook_limit_reached", message: "This channel already has 15 webhooks." }] },
    },
  });
  render(<CreateForm guildId={GUILD} channels={[{ id: GENERAL, name: "general" }]} text={text} nameMax={80} />);
  await act(async () => fireEvent.submit(screen.getByTestId("webhook-create")));
  expect(screen.getByRole("alert").textContent).toBe("This channel already has 15 webhooks.");
  expect(screen.queryByTestId("webhook-url")).toBeNull();
});
