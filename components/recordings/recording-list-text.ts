// The recording list's strings (messages: "recordingList"), read on the server and passed to the island.
export const RECORDING_LIST_KEYS = [
  "title", "intro", "empty", "deletedChannel", "started", "duration", "size", "participants", "nobody",
  "download", "downloadReady", "delete", "loadMore", "loading", "failed",
  "deleteTitle", "deleteDescription", "deleteConfirm", "deleteBack", "deleteBusy", "deleteDone", "zone",
] as const;

export type RecordingListText = Record<(typeof RECORDING_LIST_KEYS)[number], string>;
