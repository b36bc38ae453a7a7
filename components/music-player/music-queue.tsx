"use client";

import { useEffect, useRef, useState, type DragEvent } from "react";
import { fill } from "@/lib/i18n/fill";
import type { QueueTrack } from "@/lib/music/state";
import type { MusicPlayerText } from "./text";
import { TrackLength } from "./track-length";
import styles from "./music-player.module.css";

type Props = {
  tracks: QueueTrack[];
  currentIndex: number;
  text: MusicPlayerText;
  /** The command in flight ("move:<id>", "remove:<id>"…), whose control shows progress. */
  pending: string | null;
  onMove: (track: QueueTrack, index: number) => Promise<void>;
  onPlay: (index: number) => Promise<void>;
  onRemove: (track: QueueTrack) => Promise<void>;
};

type Action = "up" | "down";

/**
 * The queue: drag a row by its handle to reorder it, or use its move up / move down buttons
 * (the keyboard and touch way); focus stays on the moved track's button.
 */
export function MusicQueue({ tracks, currentIndex, text, pending, onMove, onPlay, onRemove }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [refocus, setRefocus] = useState<{ id: string; action: Action } | null>(null);

  useEffect(() => {
    if (!refocus || !list.current) return;
    const buttons = (action: Action) => list.current!.querySelector<HTMLButtonElement>(`[data-track="${refocus.id}"][data-action="${action}"]`);
    const target = buttons(refocus.action);
    // At the top (or bottom) its own button is disabled: the other one keeps the focus in the row.
    (target && !target.disabled ? target : buttons(refocus.action === "up" ? "down" : "up"))?.focus();
    setRefocus(null);
  }, [tracks, refocus]);

  async function move(track: QueueTrack, index: number, action?: Action) {
    await onMove(track, index);
    if (action) setRefocus({ id: track.id, action });
  }

  function drop(event: DragEvent, index: number) {
    event.preventDefault();
    const track = tracks.find((item) => item.id === dragged);
    setDragged(null);
    setOver(null);
    const from = tracks.findIndex((item) => item.id === dragged);
    if (track && from !== index) void move(track, index);
  }

  if (tracks.length === 0) return <p className={styles.empty}>{text.queueEmpty}</p>;
  return (
    <>
      <p className={styles.hint}>{text.queueHint}</p>
      <ol className={styles.queue} ref={list} data-testid="music-queue">
        {tracks.map((track, index) => {
          const busy = pending?.endsWith(`:${track.id}`) ?? false;
          const isCurrent = index === currentIndex;
          const named = { title: track.title };
          const classes = [styles.row, isCurrent ? styles.current : "", dragged === track.id ? styles.dragging : "", over === index && dragged !== track.id ? styles.over : ""].join(" ");
          return (
            <li
              key={track.id}
              className={classes}
              aria-current={isCurrent ? "true" : undefined}
              aria-busy={busy}
              data-testid="music-track"
              onDragOver={(event) => {
                if (!dragged) return;
                event.preventDefault();
                setOver(index);
              }}
              onDrop={(event) => drop(event, index)}
            >
              <span
                className={styles.handle}
                draggable
                role="img"
                aria-label={fill(text.dragHandle, named)}
                title={fill(text.dragHandle, named)}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", track.id);
                  setDragged(track.id);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setOver(null);
                }}
              >
                <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                  <circle cx="9" cy="6" r="1.6" /><circle cx="15" cy="6" r="1.6" /><circle cx="9" cy="12" r="1.6" /><circle cx="15" cy="12" r="1.6" /><circle cx="9" cy="18" r="1.6" /><circle cx="15" cy="18" r="1.6" />
                </svg>
              </span>
              <span className={styles.trackText}>
                <span className="visually-hidden">{fill(text.position, { position: index + 1, count: tracks.length })}</span>
                <bdi className={styles.trackTitle}>{track.title}</bdi>
                <bdi className={styles.trackArtist}>{track.artist}</bdi>
                {isCurrent ? <span className="badge">{text.current}</span> : null}
              </span>
              <TrackLength ms={track.duration_ms} text={text} />
              <span className={styles.rowActions}>
                <button type="button" className="button button-ghost button-small" data-track={track.id} data-action="up" aria-label={fill(text.moveUp, named)} title={fill(text.moveUp, named)} disabled={index === 0 || busy} onClick={() => void move(track, index - 1, "up")}>
                  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="m6 15 6-6 6 6" /></svg>
                </button>
                <button type="button" className="button button-ghost button-small" data-track={track.id} data-action="down" aria-label={fill(text.moveDown, named)} title={fill(text.moveDown, named)} disabled={index === tracks.length - 1 || busy} onClick={() => void move(track, index + 1, "down")}>
                  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="m6 9 6 6 6-6" /></svg>
                </button>
                <button type="button" className="button button-ghost button-small" aria-label={fill(text.playTrack, named)} title={fill(text.playTrack, named)} disabled={busy} onClick={() => void onPlay(index)}>
                  <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M8 5v14l11-7z" /></svg>
                </button>
                <button type="button" className="button button-ghost button-small" aria-label={fill(text.remove, named)} title={fill(text.remove, named)} disabled={busy} onClick={() => void onRemove(track)}>
                  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12" /></svg>
                </button>
              </span>
            </li>
          );
        })}
      </ol>
    </>
  );
}
