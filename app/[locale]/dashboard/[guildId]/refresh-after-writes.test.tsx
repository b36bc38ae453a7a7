/** @jest-environment jsdom */
import { render } from "@testing-library/react";
import { apiFetch } from "@/lib/http/client-fetch";
import { RefreshAfterWrites } from "./refresh-after-writes";

// A write to this guild from any island refreshes the router once; other calls do not.

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const GUILD = "584327784348909864";

it("refreshes the router after each successful write to its guild", async () => {
  global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({}) }) as unknown as Response) as typeof fetch;
  const { unmount } = render(<RefreshAfterWrites guildId={GUILD} />);
  await apiFetch(`/plugins/help/config/${GUILD}`, { method: "PATCH", body: { enabled: true } });
  expect(refresh).toHaveBeenCalledTimes(1);
  await apiFetch(`/plugins/help/config/${GUILD}`);
  await apiFetch("/logout", { method: "POST" });
  await apiFetch(`/plugins/help/config/584327784348909865`, { method: "PATCH", body: {} });
  expect(refresh).toHaveBeenCalledTimes(1);
  unmount();
  await apiFetch(`/guilds/${GUILD}/refresh`, { method: "POST" });
  expect(refresh).toHaveBeenCalledTimes(1);
});
