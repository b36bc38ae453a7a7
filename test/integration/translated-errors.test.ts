/** @jest-environment node */
// A refused write answers in the language of the page that sent it (the fetch wrapper sends
// it), else of the stored preference or the browser: each field keeps its stable code, and
// its message and the summary are sentences of that language.
import { GUILD_IDS } from "@/emulators/platform/data/ids";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { LOCALE_HEADER } from "@/lib/http/api-locale";
import { issueTextFor } from "@/lib/validation/server-messages";
import { pluginCall, readBody, type Envelope } from "@/test/api";
import { signedInForThisBlock } from "@/test/sign-in";

const GUILD = GUILD_IDS.workshop;
const ada = signedInForThisBlock();

/** A timer with no name and an interval of 3 minutes (10 to 10080 allowed). */
const badTimer = { name: "", channel_id: "584342883843309568", message: "Hi", interval_minutes: 3 };

async function refuse(headers: Record<string, string>, storedLocale?: string): Promise<Envelope> {
  if (storedLocale) ada.jar.cookies.set(LOCALE_COOKIE, storedLocale);
  else ada.jar.cookies.delete(LOCALE_COOKIE);
  const response = await pluginCall(ada.jar, "POST", `/timers/${GUILD}`, { body: badTimer, headers });
  expect(response.status).toBe(400);
  return (await readBody(response)) as Envelope;
}

it.each([
  ["the page's language", { [LOCALE_HEADER]: "fr" }, undefined, "fr"],
  ["the stored preference", {}, "de", "de"],
  ["the browser's language", { "accept-language": "ru-RU,ru;q=0.9" }, undefined, "ru"],
  ["the page's language over the others", { [LOCALE_HEADER]: "ar", "accept-language": "en" }, "de", "ar"],
] as const)("speaks %s", async (_label, headers, stored, locale) => {
  const body = await refuse(headers, stored);
  const text = issueTextFor(locale);
  expect(body.code).toBe("validation_failed");
  expect(body.fields).toEqual([
    { path: "name", code: "required", message: text("required") },
    { path: "interval_minutes", code: "too_small", params: { min: 10 }, message: text("too_small", { min: 10 }) },
  ]);
  expect(body.message).toBe(text("required"));
  expect(body.error.message).toBe(body.message);
});

it("falls back to English for a language it does not speak", async () => {
  const body = await refuse({ [LOCALE_HEADER]: "xx", "accept-language": "ja" });
  expect(body.fields?.[0]?.message).toBe("This is required.");
});
