import type en from "@/messages/en.json";

/** The automation editor's words (messages: "automationEditor"), templates filled by the islands with `fill`. */
export type AutomationText = (typeof en)["automationEditor"];
