import { mentionDisplay, type MentionKind, type MentionLookup } from "@/lib/templates/mentions";
import styles from "./platform-markdown.module.css";

type Props = { kind: MentionKind; id: string; lookup: MentionLookup; roleColors: ReadonlyMap<string, string> };

/** A mention as the platform draws it: a pill with the name (unknown ids dimmed), role pills in the role's colour. */
export function MentionPill({ kind, id, lookup, roleColors }: Props) {
  const known = kind === "channel" ? lookup.channel(id) : kind === "role" ? lookup.role(id) : lookup.member(id);
  const color = kind === "role" ? roleColors.get(id) : undefined;
  return (
    <span className={`${styles.pill} ${known === undefined ? styles.pillUnknown : ""}`} data-kind={kind} style={color ? ({ "--pill": color } as React.CSSProperties) : undefined}>
      {mentionDisplay({ kind, id }, lookup)}
    </span>
  );
}
