/** @jest-environment jsdom */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import type { MarkdownNode } from "@/lib/templates/markdown/ast";
import { parseMarkdown } from "@/lib/templates/markdown/parse";
import type { MentionLookup } from "@/lib/templates/mentions";
import { formatTimestamp } from "./format-timestamp";
import { PlatformMarkdown } from "./platform-markdown";
import type { MarkdownView } from "./types";
import { useViewerClock } from "./use-viewer-clock";

const ADA = "100000000000000001";
const GENERAL = "300000000000000001";
const MODS = "400000000000000001";
const EMOJI = "500000000000000001";
const UNKNOWN = "100000000000000009";

const lookup: MentionLookup = {
  channel: (id) => (id === GENERAL ? "general" : undefined),
  role: (id) => (id === MODS ? "Moderators" : undefined),
  member: (id) => (id === ADA ? "Ada" : undefined),
};
const view: MarkdownView = {
  lookup,
  roleColors: new Map([[MODS, "#1abc9c"]]),
  cdnBase: "https://cdn.example/",
  locale: "en-US",
  timeZone: "UTC",
  now: Date.UTC(2023, 10, 14, 22, 13, 20),
  labels: { spoiler: "Spoiler, press to reveal" },
};

function show(source: string, options: Partial<MarkdownView> = {}) {
  return render(
    <div data-testid="message">
      <PlatformMarkdown nodes={parseMarkdown(source)} view={{ ...view, ...options }} />
    </div>,
  ).getByTestId("message");
}

describe("PlatformMarkdown", () => {
  it("draws styles as elements and text as text", () => {
    const message = show("**bold** *italic* __under__ ~~strike~~ `code`");
    expect(message.querySelector("strong")?.textContent).toBe("bold");
    expect(message.querySelector("em")?.textContent).toBe("italic");
    expect(message.querySelector("u")?.textContent).toBe("under");
    expect(message.querySelector("s")?.textContent).toBe("strike");
    expect(message.querySelector("code")?.textContent).toBe("code");
    expect(message.textContent).toBe("bold italic under strike code");
  });

  it("shows typed HTML as text, never as elements", () => {
    const message = show('<b>x</b><script>alert(1)</script><img src=x onerror="alert(1)">');
    expect(message.querySelector("b, script, img")).toBeNull();
    expect(message.textContent).toBe('<b>x</b><script>alert(1)</script><img src=x onerror="alert(1)">');
  });

  it("names mentions with the preview's pills, unknown ones dimmed, roles in their colour", () => {
    const message = show(`Hi <@${ADA}>, see <#${GENERAL}>, ask <@&${MODS}>, not <@!${UNKNOWN}>. @everyone`);
    const pills = Array.from(message.querySelectorAll("[data-kind]"), (pill) => [pill.getAttribute("data-kind"), pill.textContent, pill.classList.contains("pillUnknown")]);
    expect(pills).toEqual([
      ["user", "@Ada", false],
      ["channel", "#general", false],
      ["role", "@Moderators", false],
      ["user", "@unknown-user", true],
      ["everyone", "@everyone", false],
    ]);
    expect((message.querySelector("[data-kind='role']") as HTMLElement).style.getPropertyValue("--pill")).toBe("#1abc9c");
  });

  it("opens links in a new tab without referrer or endorsement, and web links only", () => {
    const message = show("[docs](https://example.com/docs) and https://example.com/x");
    const links = screen.getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("target"), link.getAttribute("rel")])).toEqual([
      ["docs", "https://example.com/docs", "_blank", "noopener noreferrer nofollow"],
      ["https://example.com/x", "https://example.com/x", "_blank", "noopener noreferrer nofollow"],
    ]);
    // A tree built by hand is checked again.
    const forged: MarkdownNode[] = [{ type: "link", url: "javascript:alert(1)", children: [{ type: "text", text: "click" }] }];
    const { container } = render(<PlatformMarkdown nodes={forged} view={view} />);
    expect(container.querySelector("a")).toBeNull();
    expect(container.textContent).toBe("click");
    expect(message.textContent).toContain("docs and ");
  });

  it("draws code blocks left to right with their language, quotes, headings, subtext and lists", () => {
    const message = show("# Title\n> quoted\n-# small\n- one\n- two\n\n3. three\n```js\nlet a = 1;\n```");
    const pre = message.querySelector("pre");
    expect(pre?.getAttribute("dir")).toBe("ltr");
    expect(pre?.querySelector("code")?.getAttribute("data-language")).toBe("js");
    expect(pre?.textContent).toBe("let a = 1;");
    expect(message.querySelector("blockquote")?.textContent).toBe("quoted");
    expect(message.querySelector("[data-level='1']")?.textContent).toBe("Title");
    // Not page headings: the preview stays out of the page's outline.
    expect(message.querySelector("h1, h2, h3")).toBeNull();
    expect(message.querySelector("small")?.textContent).toBe("small");
    expect(Array.from(message.querySelectorAll("ul > li"), (item) => item.textContent)).toEqual(["one", "two"]);
    expect(message.querySelector("ol")?.getAttribute("start")).toBe("3");
  });

  it("draws custom emoji from the CDN, animated ones as GIF, named :name:", () => {
    const message = show(`<:wave:${EMOJI}><a:dance:${EMOJI}>`);
    const images = Array.from(message.querySelectorAll("img"), (image) => [image.getAttribute("src"), image.getAttribute("alt")]);
    expect(images).toEqual([
      [`https://cdn.example/emojis/${EMOJI}.png`, ":wave:"],
      [`https://cdn.example/emojis/${EMOJI}.gif`, ":dance:"],
    ]);
  });

  it("formats timestamps in the given language and zone, relative ones from the given now", () => {
    const unix = 1700000000; // 2023-11-14 22:13:20 UTC
    const message = show(`<t:${unix}:R>|<t:${unix - 3 * 86400}:R>|<t:${unix + 7200}:R>|<t:${unix}:t>|<t:${unix}:d>|<t:${unix}:D>|<t:${unix}>`);
    const times = Array.from(message.querySelectorAll("time"));
    // ICU versions differ on the space before "PM" (U+202F or U+0020).
    expect(times.map((time) => time.textContent?.replace(/\u202f/g, " "))).toEqual(["now", "3 days ago", "in 2 hours", "10:13 PM", "11/14/2023", "November 14, 2023", formatTimestamp(unix, "f", view).replace(/\u202f/g, " ")]);
    expect(times[0]?.getAttribute("datetime")).toBe("2023-11-14T22:13:20.000Z");
    expect(times[0]?.getAttribute("title")).toBe(formatTimestamp(unix, "F", view));
    expect(formatTimestamp(unix, "T", view).replace(/\u202f/g, " ")).toBe("10:13:20 PM");
    expect(formatTimestamp(unix, "F", view)).toMatch(/^Tuesday, November 14, 2023/);
    // Another language and zone; without a "now", R reads as a date (f).
    expect(formatTimestamp(unix, "D", { locale: "fr-FR", timeZone: "Asia/Tokyo" })).toBe("15 novembre 2023");
    expect(formatTimestamp(unix, "R", { locale: "en-US", timeZone: "UTC" })).toBe(formatTimestamp(unix, "f", view));
  });

  it("hides spoilers until clicked or opened with Enter or Space, naming them meanwhile", () => {
    const message = show("a ||first [link](https://example.com)|| b ||second|| c ||third||");
    const [first, second, third] = screen.getAllByRole("button", { name: "Spoiler, press to reveal" });
    // Hidden content cannot be clicked or focused.
    expect(first!.querySelector("[inert]")).not.toBeNull();
    expect(first!.getAttribute("tabindex")).toBe("0");

    first!.focus();
    fireEvent.keyDown(first!, { key: "Enter" });
    expect(first!.getAttribute("role")).toBeNull();
    expect(first!.getAttribute("aria-label")).toBeNull();
    expect(first!.querySelector("[inert]")).toBeNull();
    expect(document.activeElement).toBe(first);
    expect(screen.getByRole("link", { name: "link" })).toBeTruthy();

    const space = fireEvent.keyDown(second!, { key: " " });
    expect(space).toBe(false); // default prevented: Space does not scroll the page
    expect(second!.getAttribute("role")).toBeNull();

    fireEvent.keyDown(third!, { key: "a" });
    expect(third!.getAttribute("role")).toBe("button");
    fireEvent.click(third!);
    expect(screen.queryAllByRole("button")).toHaveLength(0);
    expect(message.textContent).toBe("a first link b second c third");
  });

  it("renders on the server the same way, escaping typed HTML", () => {
    const html = renderToStaticMarkup(<PlatformMarkdown nodes={parseMarkdown("**<script>x</script>** ||hidden||")} view={view} />);
    expect(html).toContain("<strong>&lt;script&gt;x&lt;/script&gt;</strong>");
    expect(html).toContain('role="button"');
  });

  it("never writes HTML strings into the page", () => {
    const folder = path.join(process.cwd(), "components/platform-markdown");
    for (const file of readdirSync(folder).filter((name) => /\.tsx?$/.test(name) && !name.includes(".test."))) {
      expect(readFileSync(path.join(folder, file), "utf8")).not.toMatch(/innerHTML|dangerouslySetInnerHTML/);
    }
  });
});

describe("useViewerClock", () => {
  function Clock() {
    const { timeZone, now } = useViewerClock();
    return <span>{`${timeZone} ${now === undefined ? "no-now" : "now"}`}</span>;
  }

  it("gives UTC and no now on the server, the browser's zone and a steady now in the browser", () => {
    expect(renderToString(<Clock />)).toBe("<span>UTC no-now</span>");
    const { container, rerender } = render(<Clock />);
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(container.textContent).toBe(`${zone} now`);
    act(() => rerender(<Clock />));
    expect(container.textContent).toBe(`${zone} now`);
  });
});
