import type { CaseView } from "./cases";

// A guild's cases as a CSV file (RFC 4180: CRLF lines, fields quoted when they hold a comma,
// a quote or a line break). A cell a spreadsheet would run as a formula (=, +, -, @ first) is
// prefixed with an apostrophe: a member named "=HYPERLINK(…)" must stay a name.

const COLUMNS = ["case", "type", "target_id", "target_name", "moderator_kind", "moderator_id", "reason", "duration_seconds", "expires_at", "pardoned_at", "related_case", "source", "created_at"] as const;

function cell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const CSV_HEADER = `${COLUMNS.join(",")}\r\n`;

export function csvRow(item: CaseView): string {
  return (
    [
      item.id,
      item.type,
      item.target.id,
      item.target.name,
      item.moderator.kind,
      item.moderator.id,
      item.reason,
      item.duration_seconds,
      item.expires_at,
      item.pardoned?.at ?? null,
      item.related_case_id,
      item.source,
      item.created_at,
    ]
      .map(cell)
      .join(",") + "\r\n"
  );
}
