// A recording as the API answers it and the Record page lists it. Client-safe: types only.

export type RecordingView = {
  id: string;
  channel_id: string;
  started_at: string;
  duration_s: number;
  size_bytes: number;
  participants: string[];
};

/** A page of recordings; `names`: display names of the participants the server still knows. */
export type RecordingPage = { recordings: RecordingView[]; names: Record<string, string>; next_before: string | null };
