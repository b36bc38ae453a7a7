import { botJoinedPath } from "./bot-joined";
import { encodeGuildOAuthState, parseGuildOAuthState } from "./guild-oauth-state";

describe("guild-oauth state", () => {
  it("round-trips a target path", () => {
    expect(parseGuildOAuthState(encodeGuildOAuthState("/en/dashboard/123"))).toBe("/en/dashboard/123");
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["bad JSON", "{target_path:"],
    ["plain text", "hello"],
    ["JSON without target_path", '{"path":"/en"}'],
    ["a number target", '{"target_path":5}'],
    ["an array", "[1,2]"],
    ["JSON null", "null"],
    ["an off-site target", '{"target_path":"https://evil.example"}'],
    ["a protocol-relative target", '{"target_path":"//evil.example/x"}'],
  ])("rejects %s", (_label, raw) => {
    expect(parseGuildOAuthState(raw)).toBeNull();
  });

  it("flags the page to open once the bot joined, keeping its own query and hash", () => {
    expect(botJoinedPath("/en/dashboard/123")).toBe("/en/dashboard/123?bot=joined");
    expect(botJoinedPath("/fr/dashboard/123?tab=logs#top")).toBe("/fr/dashboard/123?tab=logs&bot=joined#top");
  });
});
