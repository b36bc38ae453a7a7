// A cookie scripts may read, set and cleared with the session cookie (which they may not):
// islands on public pages skip their signed-in reads (your standing, your servers) when it is
// absent, instead of asking and logging a 401. A hint only: the session may have ended elsewhere.
export const SIGNED_IN_COOKIE = "gh_signed_in";
