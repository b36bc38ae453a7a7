// The one app the social fake knows at every provider: its search APIs and its OAuth pages
// accept these credentials alike, so the settings they hand the app (env()) never disagree.
export const FAKE_CLIENT = { id: "fake-client", secret: "fake-secret" } as const;
