// Audit log targets of moderation: a case (made, edited, pardoned, deleted) and the lockdown.
// They start with "moderation", which the audit log reads as the moderator plugin's
// (audit_events.plugin_id); they are not settings, so no revert applies to them.

export const caseAuditTarget = (number: number) => `moderation-case:${number}`;
export const LOCKDOWN_AUDIT_TARGET = "moderation-lockdown";
