"use client";

import { useEffect, useEffectEvent, useRef, useState } from "react";
import { openCenteredPopup } from "./popup";

type Options<T extends { type: string }> = {
  /** Window name: a second popup of the same flow reuses the window. */
  name: string;
  size: { width: number; height: number };
  /** The `type` of the messages the flow's return page posts to its opener. */
  messageType: T["type"];
  /** Each such message from this origin; `waiting` is false once the popup was closed (or never opened). */
  onMessage: (message: T, waiting: boolean) => void;
};

const CLOSED_CHECK_MS = 500;

/**
 * A consent flow in a centred popup (login, adding the bot): `open` starts it, `waiting`
 * holds until the popup reports back or is closed; with popups blocked it continues full page.
 */
export function useAuthPopup<T extends { type: string }>({ name, size, messageType, onMessage }: Options<T>) {
  const [waiting, setWaiting] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const popup = useRef<Window | null>(null);
  const receive = useEffectEvent((message: T) => onMessage(message, waiting));

  // Listens all along, not only while waiting: the login return page posts and closes at
  // once, and its message still counts when the close is noticed first.
  useEffect(() => {
    function onWindowMessage(event: MessageEvent<T>) {
      if (event.origin !== window.location.origin || event.data?.type !== messageType) return;
      receive(event.data);
    }
    window.addEventListener("message", onWindowMessage);
    return () => window.removeEventListener("message", onWindowMessage);
  }, [messageType]);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (popup.current?.closed) setWaiting(false);
    }, CLOSED_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);

  /** `href` full page, `popupHref` (default the same) in the popup. */
  function open(href: string, popupHref = href) {
    const opened = openCenteredPopup(popupHref, name, size);
    if (!opened) {
      setBlocked(true);
      // A document load on purpose: the consent is the platform's page, reached through our API's redirect.
      window.location.assign(href);
      return;
    }
    popup.current = opened;
    setWaiting(true);
  }

  return { waiting, blocked, open, stop: () => setWaiting(false) };
}
