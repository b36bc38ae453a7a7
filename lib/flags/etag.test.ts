import { holdsEtag, togglesEtag } from "./etag";

describe("the frontend API's ETag", () => {
  const body = JSON.stringify({ toggles: [{ name: "automod_dry_run", enabled: true, variant: { name: "disabled", enabled: false }, impressionData: false }] });

  it("is a strong tag computed from the answer: the same bytes, the same tag; other bytes, another", () => {
    expect(togglesEtag(body)).toMatch(/^"[\w-]{27}"$/);
    expect(togglesEtag(body)).toBe(togglesEtag(`${body}`));
    expect(togglesEtag(JSON.stringify({ toggles: [] }))).not.toBe(togglesEtag(body));
  });

  it("is held when If-None-Match names it, alone, weak, in a list, or as *", () => {
    const tag = togglesEtag(body);
    for (const header of [tag, `W/${tag}`, `"other", ${tag}`, "*"]) expect({ header, held: holdsEtag(header, tag) }).toEqual({ header, held: true });
  });

  it("is not held without If-None-Match or when it names another answer", () => {
    const tag = togglesEtag(body);
    for (const header of [null, "", '"other"', tag.slice(1, -1)]) expect({ header, held: holdsEtag(header, tag) }).toEqual({ header, held: false });
  });
});
