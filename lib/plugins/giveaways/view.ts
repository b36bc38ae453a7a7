// What the dashboard shows of a giveaway (GET …/draws and every giveaway action answer). Client-safe.

export type GiveawayStatus = "scheduled" | "running" | "ended" | "cancelled";

/** What the dashboard shows of a giveaway. */
export type GiveawayView = {
  id: string;
  prize: string;
  ends_at: string;
  status: GiveawayStatus;
  channel_id: string;
  message_id: string | null;
  winner_count: number;
  entrants: number;
  entries: number;
  finished_at: string | null;
  winners: Array<{ user_id: string; round: number; name: string | null }>;
};
