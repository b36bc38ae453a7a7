import type { MarkdownLabels } from "@/components/platform-markdown/types";
import type { TemplateContext } from "@/lib/templates/context";
import type { ExtraVariable } from "./suggest";

/** The editor's UI strings, translated by the server page. `{count}` is filled in the browser. */
export type MessageEditorLabels = {
  /** Counter template: "{count} / {max}". */
  characters: string;
  /** How to open the suggestions; `{variable}`, `{channel}` and `{mention}` become the keys `{`, `#`, `@`. Shown under the box and read with it. */
  hint: string;
  /** Accessible name of the suggestion list. */
  suggestions: string;
  /** Live-region text while suggestions show: "Suggestions: {count}". */
  suggestionCount: string;
  noSuggestions: string;
  searching: string;
  /** Hint next to a role suggestion, telling it apart from a member of the same name. */
  role: string;
  preview: string;
  previewEmpty: string;
  /** The preview's markdown strings (components/platform-markdown/labels.ts); English until the page passes them. */
  markdown?: MarkdownLabels;
};

/** What every message editor of a page shares; built once by the server page. */
export type MessageEditorData = {
  guildId: string;
  /** The preview's sample: the real server and the signed-in user (lib/templates sampleContext). */
  context: TemplateContext;
  /** Display names of members the stored messages mention (and of the signed-in user), by id. */
  members: Record<string, string>;
  labels: MessageEditorLabels;
  /** The plugin's own variables (an alert's `{streamer}`, a birthday's `{age}`: lib/plugins/variables.ts), listed first by `{`; the preview renders them from `context.item`. */
  sourceVariables?: readonly ExtraVariable[];
  /** The guild's default_embed_color: the colour new embeds start with (embed builder); null for none. */
  defaultEmbedColor?: number | null;
};
