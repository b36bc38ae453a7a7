import { environmentOf } from "./environment";

describe("environmentOf (spec 9: chosen from the page address)", () => {
  it.each([
    ["https://guildhall.example", "production", "production"],
    ["https://dashboard.guildhall.example/app", "production", "production"],
    ["https://staging.guildhall.example", "production", "staging"],
    ["https://guildhall.example/staging-preview", "production", "staging"],
    ["https://guildhall-STAGING.example", "production", "staging"],
    ["http://localhost:3000", "production", "development"],
    ["http://127.0.0.1:3000", "production", "development"],
    ["http://[::1]:3000", "production", "development"],
    ["http://guildhall.localhost:3000", "production", "development"],
    ["https://guildhall.example", "development", "development"],
    ["https://staging.guildhall.example", "test", "development"],
  ])("%s with NODE_ENV %s is %s", (appUrl, nodeEnv, expected) => {
    expect(environmentOf(appUrl, nodeEnv)).toBe(expected);
  });
});
