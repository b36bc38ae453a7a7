/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import en from "@/messages/en.json";
import { dialogPolyfill, fakeApi } from "@/components/moderation/test-api";
import { formLabels } from "@/components/pickers/test-labels";
import { packPickers } from "@/lib/guilds/packed-pickers";
import type { Automation, AutomationAction, AutomationCondition } from "@/lib/plugins/automations/definition";
import { automations } from "@/lib/plugins/automations/definition";
import { AutomationList } from "./automation-list";
import type { AutomationText } from "./text";

// The automation editor: actions reordered with their buttons, a type switched and back without
// losing what was typed, the save sending only what each type reads, and a refusal said beside
// the field it names.

const GUILD = "584327784348909864";
const GENERAL = "300000000000000010";
const ITEM = "8f1f8d2e-3b2a-4b8e-9c55-0d8f4a0e7a11";
const shape = automations.collections.automations.itemSchema.shape;
const blankAction = shape.actions.element.parse({}) as AutomationAction;
const blanks = {
  automation: { name: "", enabled: true, trigger: shape.trigger.parse({}), conditions: [], actions: [blankAction] } as Automation,
  condition: shape.conditions.unwrap().element.parse({}) as AutomationCondition,
  action: blankAction,
};
const saved = automations.collections.automations.itemSchema.parse({
  name: "Greeter",
  trigger: { type: "member_join" },
  actions: [
    { type: "send_message", channel_id: GENERAL, content: "Hi {user}" },
    { type: "send_dm", content: "Welcome!" },
  ],
}) as Automation;
const pickers = packPickers({ channels: [{ id: GENERAL, name: "general", type: 0, position: 0, parent_id: null }], roles: [] });

beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
  dialogPolyfill();
  globalThis.requestAnimationFrame = (run: FrameRequestCallback) => (run(0), 0);
});

/** The list with the saved automation's editor open (its code loads on the first opening). */
async function renderList() {
  render(<AutomationList guildId={GUILD} initial={[{ id: ITEM, data: saved }]} limits={{ automations: 3, actions: 3 }} blanks={blanks} pickers={pickers} labels={formLabels} guildZone={null} text={en.automationEditor as AutomationText} />);
  fireEvent.click(screen.getByRole("button", { name: "Edit" }));
  return screen.findByTestId("automation-editor");
}

it("reorders actions with their buttons, keeps a switched type's text, and saves only what each type reads", async () => {
  const requests = fakeApi({ [`PATCH /api/plugins/automations/guilds/${GUILD}/automations/${ITEM}`]: { status: 200, body: { id: ITEM } } });
  const editor = await renderList();
  const typeOf = (index: number) => (within(screen.getAllByTestId("automation-action")[index]!).getByLabelText("What to do") as HTMLSelectElement).value;

  fireEvent.click(within(editor).getByRole("button", { name: "Move action 2 up" }));
  expect([typeOf(0), typeOf(1)]).toEqual(["send_dm", "send_message"]);
  expect(document.activeElement).toBe(within(editor).getByRole("button", { name: "Move action 1 down" }));

  // A DM switched to a webhook and back still holds its text.
  const first = within(screen.getAllByTestId("automation-action")[0]!);
  fireEvent.change(first.getByLabelText("What to do"), { target: { value: "webhook" } });
  fireEvent.change(first.getByLabelText("Webhook URL"), { target: { value: "https://hooks.example.com/in" } });
  fireEvent.change(first.getByLabelText("What to do"), { target: { value: "send_dm" } });
  expect((first.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Welcome!");

  await act(async () => fireEvent.submit(editor.querySelector("form")!));
  expect(requests.at(-1)).toMatchObject({
    method: "PATCH",
    body: {
      name: "Greeter",
      trigger: { type: "member_join" },
      conditions: [],
      actions: [
        { type: "send_dm", content: "Welcome!" },
        { type: "send_message", channel_id: GENERAL, content: "Hi {user}", embed_title: "", embed_description: "" },
      ],
    },
  });
  expect((requests.at(-1)!.body as { actions: Array<Record<string, unknown>> }).actions[0]).not.toHaveProperty("url");
  expect(screen.getByText("Saved “Greeter”.")).toBeTruthy();
});

it("says a refusal beside the field it names", async () => {
  fakeApi({
    [`PATCH /api/plugins/automations/guilds/${GUILD}/automations/${ITEM}`]: {
      status: 400,
      body: { code: "validation_failed", status_code: 400, message: "Check the fields.", error: { message: "Check the fields." }, fields: [{ path: "actions.0.content", code: "unknown_variable", message: "{message.content} is not available here." }] },
    },
  });
  const editor = await renderList();
  await act(async () => fireEvent.submit(editor.querySelector("form")!));
  const message = within(screen.getAllByTestId("automation-action")[0]!).getByLabelText("Message");
  expect(message.getAttribute("aria-invalid")).toBe("true");
  expect(document.getElementById(message.getAttribute("aria-describedby")!.split(" ").at(-1)!)?.textContent).toBe("{message.content} is not available here.");
});
