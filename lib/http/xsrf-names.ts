// Names shared by middleware (sets the cookie), route handlers and the browser fetch wrapper.
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
export const SESSION_ID_HEADER = "x-session-id";
