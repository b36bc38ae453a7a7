// Discord's JSON error bodies, shared by every API handler.

export interface ApiResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const error = (status: number, message: string, code: number): ApiResponse => ({ status, body: { message, code } });

export const unauthorized = () => error(401, "401: Unauthorized", 0);
export const missingAccess = () => error(403, "Missing Access", 50001);
export const notFound = () => error(404, "404: Not Found", 0);
export const methodNotAllowed = () => error(405, "405: Method Not Allowed", 0);
export const unknownGuild = () => error(404, "Unknown Guild", 10004);
export const unknownMember = () => error(404, "Unknown Member", 10007);
export const unknownUser = () => error(404, "Unknown User", 10013);
export const invalidJson = () => error(400, "The request body contains invalid JSON.", 50109);
const SERVER_ERRORS: Record<number, string> = {
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};
export const serverError = (status: number) => error(status, `${status}: ${SERVER_ERRORS[status] ?? "Server Error"}`, 0);
export const ok = (body: unknown): ApiResponse => ({ status: 200, body });
