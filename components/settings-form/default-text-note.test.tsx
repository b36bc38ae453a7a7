/** @jest-environment jsdom */
import { render } from "@testing-library/react";
import { formLabels } from "@/components/pickers/test-labels";
import type { Locale } from "@/lib/i18n/locales";
import { configFormSpec } from "@/lib/plugins/form-spec";
import { pluginDefaults } from "@/lib/plugins/default-texts";
import { welcome } from "@/lib/plugins/welcome/definition";
import ar from "@/messages/ar.json";
import fr from "@/messages/fr.json";
import { FieldsEditor } from "./fields-editor";

// A message still at its default says which language the bot sends it in: named in the
// reader's language, and set apart so an English name keeps its order in an Arabic sentence.

const spec = configFormSpec(welcome);
const values = welcome.configSchema.parse({}) as Record<string, unknown>;

/** The Welcome page of a server whose bot speaks English, as a reader of `reader` sees it (plugin-page.tsx). */
function renderFor(reader: Locale, defaultText: string) {
  const context = { idPrefix: "cfg-welcome", texts: {}, labels: { ...formLabels, defaultText }, pickers: { channels: [], roles: [] }, errors: {}, premiumGuild: false, defaults: pluginDefaults("en", reader, "welcome") };
  render(<FieldsEditor spec={spec} values={values} onChange={() => undefined} context={context} />);
  return document.getElementById("cfg-welcome-join_message-default")!;
}

it("names the language in French inside the French sentence", () => {
  const note = renderFor("fr", fr.settings.defaultText);
  expect(note.textContent).toBe("Texte par défaut, envoyé en anglais. Modifiez-le pour écrire le vôtre.");
  // The box itself is described by the note, so a screen reader hears it too.
  expect(document.getElementById("cfg-welcome-join_message")?.getAttribute("aria-describedby")).toContain(note.id);
});

it("names it in Arabic inside the Arabic sentence, isolated in <bdi>", () => {
  const note = renderFor("ar", ar.settings.defaultText);
  const name = note.querySelector("bdi");
  expect(name?.textContent).toBe("الإنجليزية");
  expect(note.textContent).toBe("نص افتراضي يُرسل باللغة الإنجليزية. عدّله لكتابة نصك الخاص.");
  expect(note.textContent).not.toContain("English");
});
