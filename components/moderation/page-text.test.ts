import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import ru from "@/messages/ru.json";
import { moderationText } from "./page-text";

// A warning threshold reached is worded with the plugin's threshold, in the language's plurals;
// the length of the timeout is left for the island to fill.

type Translate = Parameters<typeof moderationText>[0];

it("words the thresholds with the plugin's counts", () => {
  const t = createTranslator({ locale: "en", messages: en }) as unknown as Translate;
  const text = moderationText(t, { mute_after_warnings: 1, ban_after_warnings: 3 });
  expect(text.act.escalatedTimeout).toBe("They reached 1 warning and were timed out for {duration}.");
  expect(text.act.escalatedBan).toBe("They reached 3 warnings and were banned.");
  expect(text.act.escalatedTimeout).not.toBe(en.moderation.act.escalatedTimeout);
  expect(text.tabs).toEqual(en.moderation.tabs);
});

it("in the language's plural forms", () => {
  const t = createTranslator({ locale: "ru", messages: ru }) as unknown as Translate;
  expect(moderationText(t, { ban_after_warnings: 5 }).act.escalatedBan).toMatch(/^[^{}]*5 предупреждений[^{}]*$/);
});
