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
export const unknownRole = () => error(404, "Unknown Role", 10011);
export const unknownUser = () => error(404, "Unknown User", 10013);
export const unknownChannel = () => error(404, "Unknown Channel", 10003);
export const unknownMessage = () => error(404, "Unknown Message", 10008);
export const unknownEmoji = () => error(400, "Unknown Emoji", 10014);
export const tooManyReactions = () => error(400, "Maximum number of reactions reached (20)", 30010);
export const cannotEditOthers = () => error(403, "Cannot edit a message authored by another user", 50005);
export const emptyMessage = () => error(400, "Cannot send an empty message", 50006);
export const nonTextChannel = () => error(400, "Cannot send messages in a non-text channel", 50008);
export const missingPermissions = () => error(403, "Missing Permissions", 50013);
export const noContent = (): ApiResponse => ({ status: 204, body: undefined });
export const invalidJson = () => error(400, "The request body contains invalid JSON.", 50109);
const SERVER_ERRORS: Record<number, string> = {
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};
export const serverError = (status: number) => error(status, `${status}: ${SERVER_ERRORS[status] ?? "Server Error"}`, 0);
export const ok = (body: unknown): ApiResponse => ({ status: 200, body });
