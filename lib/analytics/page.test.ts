import { analyticsPage, type AnalyticsPage } from "./page";

// Spec 2: category by "dashboard" in the path; the name from the path (segments with digits
// dropped unless they contain web3, separators to underscores, empty is home, a dashboard path
// without a numeric id is dashboard-my-servers); the plugin id from the dashboard path; `s`.
const GUILD = "1180000000000000001";

const CASES: [string, string, AnalyticsPage][] = [
  ["/", "", { page_category: "non_logged_website", page_name: "home" }],
  ["/en", "", { page_category: "non_logged_website", page_name: "home" }],
  ["/fr/", "", { page_category: "non_logged_website", page_name: "home" }],
  ["/en/premium", "", { page_category: "non_logged_website", page_name: "premium" }],
  ["/en/web3", "", { page_category: "non_logged_website", page_name: "web3" }],
  ["/en/premium/web3-2024", "", { page_category: "non_logged_website", page_name: "premium_web3_2024" }],
  ["/en/premium/offer-2024", "", { page_category: "non_logged_website", page_name: "premium" }],
  ["/en/leaderboard/" + GUILD, "", { page_category: "non_logged_website", page_name: "leaderboard" }],
  ["/ar/leaderboard/" + GUILD + "/search", "?q=ada", { page_category: "non_logged_website", page_name: "leaderboard_search" }],
  ["/privacy.html", "", { page_category: "non_logged_website", page_name: "privacy_html" }],
  ["/guild-oauth", "", { page_category: "non_logged_website", page_name: "guild_oauth" }],
  ["/en/login", "?redirect=/en/dashboard", { page_category: "non_logged_website", page_name: "login" }],
  ["/en/dashboard", "", { page_category: "dashboard", page_name: "dashboard-my-servers" }],
  ["/tw/dashboard/", "", { page_category: "dashboard", page_name: "dashboard-my-servers" }],
  ["/en/dashboard/" + GUILD, "", { page_category: "dashboard", page_name: "dashboard", guild_id: GUILD }],
  ["/en/dashboard/" + GUILD + "/levels", "", { page_category: "dashboard", page_name: "dashboard_levels", guild_id: GUILD, plugin_id: "levels" }],
  ["/de/dashboard/" + GUILD + "/reaction_roles", "", { page_category: "dashboard", page_name: "dashboard_reaction_roles", guild_id: GUILD, plugin_id: "reaction_roles" }],
  ["/en/dashboard/" + GUILD + "/moderator/cases/42", "", { page_category: "dashboard", page_name: "dashboard_moderator_cases", guild_id: GUILD, plugin_id: "moderator" }],
  ["/en/dashboard/" + GUILD + "/custom-bot", "?s=upsell", { page_category: "dashboard", page_name: "dashboard_custom_bot", guild_id: GUILD, plugin_id: "custom-bot", s: "upsell" }],
  ["/en/premium", "s=pricing_table", { page_category: "non_logged_website", page_name: "premium", s: "pricing_table" }],
  ["/en/premium", "?s=", { page_category: "non_logged_website", page_name: "premium", s: "" }],
];

describe("analyticsPage (spec 2)", () => {
  it.each(CASES)("%s%s", (pathname, search, expected) => {
    expect(analyticsPage(pathname, search)).toEqual(expected);
  });
});
