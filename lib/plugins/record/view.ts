// A recording as the API answers it and the Record page lists it. Client-safe: types only.

export type RecordingView = {
  id: string;
  channel_id: string;
  started_at: string;
  duration_s: number;
  size_bytes: number;
  participants: string[];
};

export type RecordingPage = { recordings: RecordingView[]; next_before: string | null };
