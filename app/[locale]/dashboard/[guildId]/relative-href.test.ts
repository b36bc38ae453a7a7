import { relativeHref } from "./relative-href";

const GUILD = "584327784348909864";
const resolve = (from: string, href: string) => new URL(href, `https://guildhall.test${from}`).pathname + new URL(href, `https://guildhall.test${from}`).search;

describe("relativeHref", () => {
  const pages = [`/en/dashboard/${GUILD}`, `/en/dashboard/${GUILD}/welcome`, `/en/dashboard/${GUILD}/audit-log`, `/ar/dashboard/${GUILD}/levels/rank`, "/en/dashboard"];
  const targets = [`/en/dashboard/${GUILD}`, `/en/dashboard/${GUILD}/moderator`, `/en/dashboard/${GUILD}/copy-settings`, `/en/premium?guild=${GUILD}`, "/en/dashboard", "/en"];

  it("always resolves, from any guild page, to the very target", () => {
    for (const from of pages) for (const to of targets) expect(resolve(from, relativeHref(from, to))).toBe(to);
  });

  it("is short where the menu's links are", () => {
    expect(relativeHref(`/en/dashboard/${GUILD}/welcome`, `/en/dashboard/${GUILD}/moderator`)).toBe("moderator");
    expect(relativeHref(`/en/dashboard/${GUILD}/welcome`, `/en/dashboard/${GUILD}`)).toBe(`../${GUILD}`);
    expect(relativeHref(`/en/dashboard/${GUILD}`, `/en/dashboard/${GUILD}/moderator`)).toBe(`${GUILD}/moderator`);
  });
});
