"use client";

import { memo, useMemo } from "react";
import { Logo } from "@/components/logo";
import type { TemplateContext } from "@/lib/templates/context";
import { mentionDisplay, splitMentions, type MentionLookup } from "@/lib/templates/mentions";
import { renderTemplate } from "@/lib/templates/render";
import styles from "./message-editor.module.css";

type Props = {
  text: string;
  context: TemplateContext;
  lookup: MentionLookup;
  /** Role colours (CSS) by id, for role pills. */
  roleColors: ReadonlyMap<string, string>;
  labels: { preview: string; previewEmpty: string };
};

// `{random}` shows one stable number: the same on the server and in the browser (no hydration
// mismatch) and between keystrokes (no flicker).
export const steadyRandom = () => 0.42;

/**
 * The message as the bot would post it: variables rendered against the sample context,
 * mentions as pills with names, line breaks kept. Unknown `{variables}` stay as written.
 */
export const MessagePreview = memo(function MessagePreview({ text, context, lookup, roleColors, labels }: Props) {
  const segments = useMemo(() => splitMentions(renderTemplate(text, context, { random: steadyRandom })), [text, context]);
  return (
    <figure className={styles.preview} data-testid="message-preview">
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
          {segments.length === 0 ? (
            <p className={`${styles.content} ${styles.empty}`}>{labels.previewEmpty}</p>
          ) : (
            <p className={styles.content} dir="auto">
              {segments.map((segment, index) => {
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
              })}
            </p>
          )}
        </div>
      </div>
    </figure>
  );
});
