import { readFileSync } from "node:fs";
import path from "node:path";
import { LOCALES } from "@/lib/i18n/locales";
import { ALL_PLUGIN_VARIABLES, pluginVariables } from "./variables";

describe("plugin variables", () => {
  it("a birthday's message has {age}, an alert its provider's, other plugins none", () => {
    expect(pluginVariables("birthdays")).toEqual(["age"]);
    expect(pluginVariables("twitch")).toContain("streamer");
    expect(pluginVariables("welcome")).toEqual([]);
  });

  it.each(LOCALES)("every variable is described in %s", (locale) => {
    const messages = JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as { pluginVariables: Record<string, string> };
    expect(ALL_PLUGIN_VARIABLES.filter((name) => !messages.pluginVariables[name]?.trim())).toEqual([]);
    expect(Object.keys(messages.pluginVariables).sort()).toEqual([...ALL_PLUGIN_VARIABLES].sort());
  });
});
