// The ticket list's strings (messages: "ticketList"), read on the server and passed to the island.
export const TICKET_LIST_KEYS = [
  "title", "intro", "empty", "emptyFiltered", "status", "statusAny", "statusName.open", "statusName.closed", "panel", "panelAny", "panelDeleted",
  "opener", "claimedBy", "closedBy", "memberHint", "apply", "clear", "loading", "number", "openedBy", "claimed", "closed", "unclaimed",
  "view", "loadMore", "answers", "transcript", "noTranscript", "emptyTranscript", "reason", "close", "attachment",
] as const;

export type TicketListText = Record<(typeof TICKET_LIST_KEYS)[number], string>;
