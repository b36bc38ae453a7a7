/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { moderator } from "@/lib/plugins/moderator/definition";
import { configFormSpec } from "@/lib/plugins/form-spec";
import { formLabels } from "@/components/pickers/test-labels";
import { FieldsEditor } from "./fields-editor";

// A long config reads in the titled groups its plugin declares, each a labelled region.

const spec = configFormSpec(moderator);
const values = moderator.configSchema.parse({}) as Record<string, unknown>;
const titles = { team: "Team and log", warnings: "Warnings and mutes", automod: "Automatic moderation", lockdown: "Lockdown" };
const context = { idPrefix: "cfg-moderator", texts: {}, labels: formLabels, pickers: { channels: [], roles: [] }, errors: {}, premiumGuild: false };

it("draws the moderator's 15 settings in its four titled sections, in order", () => {
  render(<FieldsEditor spec={spec} values={values} onChange={() => undefined} context={context} sectionTitles={titles} />);
  const regions = screen.getAllByRole("region");
  expect(regions.map((region) => within(region).getByRole("heading").textContent)).toEqual(Object.values(titles));
  const fieldsOf = (region: HTMLElement) => [...region.querySelectorAll<HTMLElement>(":scope > [data-field]")].map((row) => row.dataset.field);
  expect(fieldsOf(regions[1]!)).toEqual(["mute_after_warnings", "ban_after_warnings", "default_mute_minutes"]);
  expect(regions.flatMap(fieldsOf).sort()).toEqual(spec.fields.map((field) => field.name).sort());
});

it("stays one list without titles (item dialogs, plugins without sections)", () => {
  render(<FieldsEditor spec={spec} values={values} onChange={() => undefined} context={context} />);
  expect(screen.queryAllByRole("region")).toHaveLength(0);
});
