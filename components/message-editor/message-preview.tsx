"use client";

import { memo, useMemo } from "react";
import { Logo } from "@/components/logo";
import type { TemplateContext } from "@/lib/templates/context";
import { mentionDisplay, splitMentions, type MentionLookup, type MentionSegment } from "@/lib/templates/mentions";
import { renderTemplate } from "@/lib/templates/render";
import { roleColor, type ChannelLike, type RoleLike } from "./suggest";
import type { MessageEditorData } from "./types";
import styles from "./message-editor.module.css";

type Props = {
  text: string;
  context: TemplateContext;
  lookup: MentionLookup;
  /** Role colours (CSS) by id, for role pills. */
  roleColors: ReadonlyMap<string, string>;
  labels: { preview: string; previewEmpty: string };
  /** Drawn under the text, inside the message (the embed builder's embeds). */
  children?: React.ReactNode;
  testId?: string;
};

// `{random}` shows one stable number: the same on the server and in the browser (no hydration
// mismatch) and between keystrokes (no flicker).
export const steadyRandom = () => 0.42;

/** Names for the ids mentions hold: the pickers' channels and roles, the page's member names (plus `found` ones), the signed-in user. */
export function useMentionLookup(channels: readonly ChannelLike[], roles: readonly RoleLike[], data: Pick<MessageEditorData, "members" | "context">, found?: Readonly<Record<string, string>>): MentionLookup {
  const { members, context } = data;
  return useMemo<MentionLookup>(() => {
    const channelNames = new Map(channels.map((channel) => [channel.id, channel.name]));
    const roleNames = new Map(roles.map((role) => [role.id, role.name]));
    const self = context.user;
    return {
      channel: (channelId) => channelNames.get(channelId),
      role: (roleId) => roleNames.get(roleId),
      member: (userId) => found?.[userId] ?? members[userId] ?? (userId === self.id ? self.globalName || self.username : undefined),
    };
  }, [channels, roles, found, members, context.user]);
}

/** CSS colours of the roles that have one, by id (role pills). */
export function useRoleColors(roles: readonly RoleLike[]): ReadonlyMap<string, string> {
  return useMemo(() => new Map(roles.flatMap((role) => (roleColor(role.color) ? [[role.id, roleColor(role.color)!] as const] : []))), [roles]);
}

/** A template as the bot would send it: variables rendered against the sample context, split into text and mentions. */
export function useRenderedSegments(text: string, context: TemplateContext): MentionSegment[] {
  return useMemo(() => splitMentions(renderTemplate(text, context, { random: steadyRandom })), [text, context]);
}

type SegmentsProps = { segments: readonly MentionSegment[]; lookup: MentionLookup; roleColors: ReadonlyMap<string, string> };

/** Rendered segments: text as is, mentions as pills with names (unknown ids dimmed). */
export function Segments({ segments, lookup, roleColors }: SegmentsProps) {
  return segments.map((segment, index) => {
    if (segment.kind === "text") return segment.value;
    const known = segment.kind === "channel" ? lookup.channel(segment.id) : segment.kind === "role" ? lookup.role(segment.id) : lookup.member(segment.id);
    const color = segment.kind === "role" ? roleColors.get(segment.id) : undefined;
    return (
      <span
        key={index}
        className={`${styles.pill} ${known === undefined ? styles.pillUnknown : ""}`}
        data-kind={segment.kind}
        style={color ? ({ "--pill": color } as React.CSSProperties) : undefined}
      >
        {mentionDisplay(segment, lookup)}
      </span>
    );
  });
}

/** One template rendered in place (an embed's title, a field value…), with the same rules as the message. */
export const RenderedText = memo(function RenderedText({ text, context, lookup, roleColors }: Omit<SegmentsProps, "segments"> & { text: string; context: TemplateContext }) {
  return <Segments segments={useRenderedSegments(text, context)} lookup={lookup} roleColors={roleColors} />;
});

/**
 * The message as the bot would post it: variables rendered against the sample context,
 * mentions as pills with names, line breaks kept. Unknown `{variables}` stay as written.
 */
export const MessagePreview = memo(function MessagePreview({ text, context, lookup, roleColors, labels, children, testId = "message-preview" }: Props) {
  const segments = useRenderedSegments(text, context);
  const empty = segments.length === 0 && !children;
  return (
    <figure className={styles.preview} data-testid={testId}>
      <figcaption className={styles.previewTitle}>{labels.preview}</figcaption>
      <div className={styles.chat}>
        <span className={styles.avatar}>
          <Logo size={40} />
        </span>
        <div className={styles.body}>
          <p className={styles.author}>
            <span className={styles.botName}>Guildhall</span>
            <span className={styles.botTag}>BOT</span>
          </p>
          {empty ? (
            <p className={`${styles.content} ${styles.empty}`}>{labels.previewEmpty}</p>
          ) : segments.length > 0 ? (
            <p className={styles.content} dir="auto">
              <Segments segments={segments} lookup={lookup} roleColors={roleColors} />
            </p>
          ) : null}
          {children}
        </div>
      </div>
    </figure>
  );
});
