import { negotiateLocale, stripLocale } from "./negotiate";

describe("negotiateLocale", () => {
  it("prefers the URL segment", () => {
    expect(negotiateLocale({ pathname: "/fr/dashboard", storedPreference: "de", acceptLanguage: "es-ES" })).toBe("fr");
  });
  it("then the stored preference", () => {
    expect(negotiateLocale({ pathname: "/dashboard", storedPreference: "de", acceptLanguage: "es-ES" })).toBe("de");
  });
  it("ignores an unsupported stored preference", () => {
    expect(negotiateLocale({ pathname: "/", storedPreference: "xx", acceptLanguage: "ru-RU,ru;q=0.9" })).toBe("ru");
  });
  it("uses the first two letters of the browser language", () => {
    expect(negotiateLocale({ pathname: "/", acceptLanguage: "pt-BR,pt;q=0.9,en;q=0.8" })).toBe("pt");
    expect(negotiateLocale({ pathname: "/", acceptLanguage: "AR-sa" })).toBe("ar");
  });
  it("falls back to English", () => {
    expect(negotiateLocale({ pathname: "/", acceptLanguage: "zh-TW" })).toBe("en");
    expect(negotiateLocale({ pathname: "/xx/page" })).toBe("en");
    expect(negotiateLocale({ pathname: "", acceptLanguage: "" })).toBe("en");
  });
  it("does not treat a longer segment starting with a locale as one", () => {
    expect(negotiateLocale({ pathname: "/english/page", acceptLanguage: "tr" })).toBe("tr");
  });
});

describe("stripLocale", () => {
  it("removes the language segment", () => {
    expect(stripLocale("/fr/dashboard/1")).toBe("/dashboard/1");
    expect(stripLocale("/fr")).toBe("/");
    expect(stripLocale("/dashboard")).toBe("/dashboard");
  });
});
