import { routeBucket } from "./route-bucket";

describe("routeBucket (the platform's rate-limit buckets, as @discordjs/rest reckons them)", () => {
  it("keeps the major parameter apart and writes other ids as :id", () => {
    expect(routeBucket("get", "/guilds/584327784348909864/members/199737254929760256")).toEqual({ route: "GET /guilds/:id/members/:id", major: "584327784348909864" });
    expect(routeBucket("POST", "/channels/584327784348909865/messages")).toEqual({ route: "POST /channels/:id/messages", major: "584327784348909865" });
    expect(routeBucket("GET", "/users/@me/guilds")).toEqual({ route: "GET /users/@me/guilds", major: "global" });
  });

  it("counts reactions as one route, webhooks by id and token, old message deletes apart", () => {
    expect(routeBucket("PUT", "/channels/584327784348909865/messages/584327784348909866/reactions/%F0%9F%91%8D/@me").route).toBe("PUT /channels/:id/messages/:id/reactions/:reaction");
    expect(routeBucket("POST", "/webhooks/584327784348909867/s3cr3t-token")).toEqual({ route: "POST /webhooks/:id/:token", major: "584327784348909867/s3cr3t-token" });
    const message = "584327784348909866"; // 2019
    expect(routeBucket("DELETE", `/channels/584327784348909865/messages/${message}`).route).toBe("DELETE /channels/:id/messages/:id/Delete Old Message");
    expect(routeBucket("DELETE", `/channels/584327784348909865/messages/${message}`, Date.UTC(2019, 5, 2)).route).toBe("DELETE /channels/:id/messages/:id");
  });
});
