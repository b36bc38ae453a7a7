/** @jest-environment node */
// Which writes leave a needed field empty, and how the refusal names it: the rule the server and
// the forms share (lib/plugins/needed-fields.ts).
import { levels } from "./levels/definition";
import { needIssue, unmetNeeds, type NeedLabels } from "./needed-fields";
import { welcome } from "./welcome/definition";

const CHANNEL = "584342883843309568";
const defaults = welcome.configSchema.parse({}) as Record<string, unknown>;
const labels: NeedLabels = { plugin: "Welcome", field: (name) => `<${name}>`, option: (name, value) => `<${name}=${value}>` };

it("refuses turning a plugin on without what its options need, naming the plugin", () => {
  const unmet = unmetNeeds(welcome.configSchema, { enabled: false, values: defaults }, { enabled: true, values: defaults });
  expect(unmet.map((need) => [need.field, need.why])).toEqual([["join_channel_id", "turning_on"]]);
  expect(needIssue(unmet[0]!, defaults, labels)).toEqual({ path: "join_channel_id", code: "needed_to_run", params: { field: "<join_channel_id>", plugin: "Welcome" } });
});

it("refuses an option chosen, or a field emptied, without what it needs, with the plugin off too", () => {
  const withChannel = { ...defaults, join_channel_id: CHANNEL };
  const off = (values: Record<string, unknown>) => ({ enabled: false, values });
  expect(unmetNeeds(welcome.configSchema, off(withChannel), off({ ...withChannel, join_channel_id: null })).map((need) => need.field)).toEqual(["join_channel_id"]);
  const goodbye = unmetNeeds(welcome.configSchema, off(withChannel), off({ ...withChannel, leave_enabled: true }));
  expect(goodbye.map((need) => [need.field, need.why])).toEqual([["leave_channel_id", "option"]]);
  expect(needIssue(goodbye[0]!, { ...withChannel, leave_enabled: true }, labels)).toMatchObject({ code: "needed_for_option", params: { field: "<leave_channel_id>", option: "<leave_enabled>" } });
  // Blank text is no message.
  expect(unmetNeeds(welcome.configSchema, off(withChannel), off({ ...withChannel, join_message: "  \n" })).map((need) => need.field)).toEqual(["join_message"]);
});

it("never refuses turning a plugin off, even back to defaults that lack an option's field (the revert of turning it on)", () => {
  const on = { enabled: true, values: { ...defaults, join_channel_id: CHANNEL } };
  expect(unmetNeeds(welcome.configSchema, on, { enabled: false, values: defaults })).toEqual([]);
  // Left off, the same emptying is still refused.
  expect(unmetNeeds(welcome.configSchema, { ...on, enabled: false }, { enabled: false, values: defaults }).map((need) => need.field)).toEqual(["join_channel_id"]);
});

it("names the mode that needs the field", () => {
  const config = levels.configSchema.parse({}) as Record<string, unknown>;
  const after = { ...config, level_up_announcement: "custom_channel" };
  const [unmet] = unmetNeeds(levels.configSchema, { enabled: true, values: config }, { enabled: true, values: after });
  expect(needIssue(unmet!, after, labels).params).toEqual({ field: "<level_up_channel_id>", option: "<level_up_announcement=custom_channel>" });
  // Announcements off need no message.
  expect(unmetNeeds(levels.configSchema, { enabled: true, values: config }, { enabled: true, values: { ...config, level_up_announcement: "off", level_up_message: "" } })).toEqual([]);
});

it("lets an old config missing a need be edited field by field, while it is not the change's doing", () => {
  const legacy = { ...defaults, join_channel_id: null };
  expect(unmetNeeds(welcome.configSchema, { enabled: true, values: legacy }, { enabled: true, values: { ...legacy, card_enabled: true } })).toEqual([]);
});
