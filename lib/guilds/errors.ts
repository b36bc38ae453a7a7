import { DomainError } from "@/lib/http/domain-error";
import type { IssueCode } from "@/lib/validation/issues";

// Why a guild detail is refused (a new role, an invite, a vanity code, a member's profile): one error for the domain,
// turned into the envelope in one place (lib/http/to-api-error.ts), each sentence in messages/validation.

export const GUILD_ERRORS = {
  /** The manager may not make roles on the platform (no Manage Roles): we do not make them for them. */
  role_create_not_allowed: { status: 403, field: null },
  /** The server has the platform's 250 roles. */
  role_limit_reached: { status: 409, field: "name" },
  /** The bot's role lacks Manage Roles. */
  role_bot_missing_permission: { status: 403, field: null },
  /** No channel where the bot may make an invite. */
  invite_not_possible: { status: 409, field: null },
  /** No server the bot is in has this vanity code. */
  vanity_not_found: { status: 404, field: null },
  /** GET /users/{id} of someone who is in none of the servers the viewer manages (or no one). */
  shared_user_not_found: { status: 404, field: null },
} as const satisfies Record<string, { status: number; field: string | null }>;

export type GuildErrorCode = keyof typeof GUILD_ERRORS & IssueCode;

export class GuildError extends DomainError<GuildErrorCode> {
  override readonly name = "GuildError";
  readonly table = GUILD_ERRORS;
}
