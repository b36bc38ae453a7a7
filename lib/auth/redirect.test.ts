import { isSafePath, loginUrlFor, normalizeLoginRedirect } from "./redirect";

const normalize = (search: string) => normalizeLoginRedirect(new URLSearchParams(search), "en");

describe("normalizeLoginRedirect", () => {
  it("keeps a plain path", () => {
    expect(normalize("redirect=/en/dashboard/123")).toBe("/en/dashboard/123");
  });

  it("keeps an encoded query", () => {
    expect(normalize(`redirect=${encodeURIComponent("/en/dashboard/1?tab=logs&page=2")}`)).toBe("/en/dashboard/1?tab=logs&page=2");
  });

  it("lets only the first question mark start the query", () => {
    expect(normalize(`redirect=${encodeURIComponent("/en/x?a=1?b=2?c=3")}`)).toBe("/en/x?a=1&b=2&c=3");
  });

  it("appends other login parameters to the target", () => {
    expect(normalize("redirect=/en/dashboard?tab=a&utm_source=mail&s=42")).toBe("/en/dashboard?tab=a&utm_source=mail&s=42");
  });

  it("passes extra parameters through when the target has no query", () => {
    expect(normalize("redirect=/fr/dashboard&s=1")).toBe("/fr/dashboard?s=1");
  });

  it.each(["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)", ""])(
    "falls back to the dashboard for the unsafe target %p",
    (target) => {
      expect(normalize(`redirect=${encodeURIComponent(target)}`)).toBe("/en/dashboard");
    },
  );

  it("falls back when redirect is missing", () => {
    expect(normalizeLoginRedirect(new URLSearchParams("s=1"), "de")).toBe("/de/dashboard");
  });
});

describe("loginUrlFor", () => {
  it("round-trips through normalizeLoginRedirect", () => {
    const url = new URL(loginUrlFor("en", "/en/dashboard/9?a=1&b=2"), "http://x");
    expect(normalizeLoginRedirect(url.searchParams, "en")).toBe("/en/dashboard/9?a=1&b=2");
  });
});

describe("isSafePath", () => {
  it("accepts same-site paths only", () => {
    expect(isSafePath("/en")).toBe(true);
    expect(isSafePath("//a")).toBe(false);
    expect(isSafePath("/a\nb")).toBe(false);
  });
});
