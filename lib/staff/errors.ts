import { DomainError } from "@/lib/http/domain-error";
import type { IssueCode } from "@/lib/validation/issues";

// The staff tools' refusals (lib/staff/), turned into the envelope in one place
// (lib/http/to-api-error.ts), each sentence in messages/validation.

export const STAFF_ERRORS = {
  /** Anyone but staff, and a staff lookup that finds nothing: nothing tells them apart. */
  not_found: { status: 404, field: null },
} as const satisfies Record<string, { status: number; field: string | null }>;

export type StaffErrorCode = keyof typeof STAFF_ERRORS & IssueCode;

export class StaffError extends DomainError<StaffErrorCode> {
  override readonly name = "StaffError";
  readonly table = STAFF_ERRORS;
}
