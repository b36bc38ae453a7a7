import type { TicketAnswer, TranscriptLine } from "@/lib/db/schema";

// A ticket as the API answers it and the ticket list shows it. Client-safe: types and constants only.

export const TICKET_STATUSES = ["open", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A ticket as the list and the transcript view show it. */
export type TicketView = {
  id: string;
  number: number;
  panel_id: string | null;
  channel_id: string;
  opener_id: string;
  opener_name: string | null;
  status: TicketStatus;
  claimed_by: string | null;
  closed_by: string | null;
  close_reason: string | null;
  opened_at: string;
  claimed_at: string | null;
  closed_at: string | null;
  has_transcript: boolean;
};

export type TicketDetail = TicketView & { answers: TicketAnswer[]; transcript: TranscriptLine[] | null };

