import { z } from "zod";
import { embedsField } from "../embeds-field";
import { categoryChannelField, channelField, emojiField, inputText, integer, list, messageField, requiredChannelField, rolesField, snowflake, text, toggle } from "../fields";
import { definePlugin } from "../types";
import { issue } from "../../validation/issues";
import { defaultMessage } from "../../templates/default-messages";

/** The platform's button styles a panel may use (a link button opens no ticket). */
export const PANEL_BUTTON_STYLES = ["primary", "secondary", "success", "danger"] as const;
/** What a question of a panel's form takes: free text, one of its options, or a number. */
export const PANEL_INPUT_TYPES = ["text", "select", "number"] as const;
/** The platform's limits: 5 buttons in one row, a button label of 80, a modal of 5 inputs labelled in 45. */
export const PANEL_LIMITS = { buttons: 5, buttonLabel: 80, inputs: 5, inputLabel: 45, options: 25 } as const;

const panelButton = z.strictObject({
  /** The button's label on the platform. */
  text: inputText().trim().min(1).max(PANEL_LIMITS.buttonLabel),
  emoji: emojiField(),
  style: z.enum(PANEL_BUTTON_STYLES).default("primary"),
});

const panelInput = z.strictObject({
  /** The input's label in the platform's form. */
  question: inputText().trim().min(1).max(PANEL_LIMITS.inputLabel),
  type: z.enum(PANEL_INPUT_TYPES).default("text"),
  required: toggle(true),
  /** The choices of a select (ignored by the other types). */
  choices: list(inputText().trim().min(1).max(100), PANEL_LIMITS.options),
})
  // A choice from a list with nothing to choose could not be answered.
  .refine((input) => input.type !== "select" || input.choices.length > 0, { ...issue("required"), path: ["choices"] });

export const ticketing = definePlugin({
  id: "ticketing",
  category: "other",
  premium: false,
  icon: "ticket",
  configSchema: z.strictObject({
    category_id: categoryChannelField(),
    log_channel_id: channelField(),
    support_role_ids: rolesField(10),
    name_template: text(100, "ticket-{user.name}", { neededWhen: true }),
    open_message: messageField(defaultMessage("ticketing.open_message"), { neededWhen: true }),
    max_open_per_member: integer(1, 10, 1),
    auto_close_hours: integer(0, 720, 0),
    transcripts: toggle(false, { premium: true }),
  }),
  collections: {
    panels: {
      // One panel: a message (text and embeds from the embed builder) with buttons that open
      // tickets, and how those tickets are made. Blank category, roles or name fall back to the
      // plugin's settings above.
      itemSchema: z.strictObject({
        title: inputText().trim().min(1).max(256),
        channel_id: requiredChannelField(),
        content: messageField(""),
        embeds: embedsField(10),
        buttons: z.array(panelButton).min(1).max(PANEL_LIMITS.buttons).prefault([]),
        category_id: categoryChannelField(),
        support_role_ids: rolesField(10),
        ticket_limit: integer(1, 10, 1),
        form: list(panelInput, PANEL_LIMITS.inputs),
        /** The ticket channel's name: {user.name}, {user.id}, {ticket.number}, {panel.title}. */
        name_template: text(100, "ticket-{ticket.number}"),
        transcript_channel_id: channelField(),
        /** The message the bot posted for this panel (set by the post endpoint). */
        message_id: snowflake.nullable().default(null),
      }),
      limits: { free: 1, premium: 20 },
      titleField: "title",
      // Panels saved before they had embeds and buttons: their description and button label move into them.
      upgrade: (stored) => {
        if (!("description" in stored) && !("button_label" in stored)) return stored;
        const { description, button_label: buttonLabel, ...rest } = stored;
        return {
          ...rest,
          embeds: [{ title: rest.title, ...(typeof description === "string" && description !== "" ? { description } : {}) }],
          buttons: [{ text: typeof buttonLabel === "string" && buttonLabel !== "" ? buttonLabel : "Open a ticket", emoji: "🎫", style: "primary" }],
        };
      },
      actions: [{ id: "post", path: "post", postedField: "message_id" }],
    },
  },
});
