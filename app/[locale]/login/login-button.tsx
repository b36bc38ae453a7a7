"use client";

import { Spinner } from "@/components/spinner";
import { LOGIN_MESSAGE_TYPE, POPUP_SIZE, type LoginMessage } from "@/lib/auth/popup";
import { useAuthPopup } from "@/lib/auth/use-auth-popup";
import styles from "./login.module.css";

type Labels = { button: string; samePage: string; waiting: string; blocked: string };

/** Opens the consent in an 800x777 popup, or continues full page when popups are blocked. */
export function LoginButton({ href, labels }: { href: string; labels: Labels }) {
  const { waiting, blocked, open } = useAuthPopup<LoginMessage>({
    name: "guildhall-login",
    size: POPUP_SIZE.login,
    messageType: LOGIN_MESSAGE_TYPE,
    // The session cookie is new: the whole app loads again with it.
    onMessage: (message) => window.location.assign(message.redirect),
  });
  const start = () => open(href, `${href}&popup=1`);

  return (
    <div className={styles.actions}>
      <button type="button" className={`button button-primary ${styles.discord}`} onClick={start} disabled={waiting} data-testid="login-popup">
        <DiscordGlyph />
        {labels.button}
      </button>
      <a className={styles.samePage} href={href} data-testid="login-full-page">
        {labels.samePage}
      </a>
      {waiting ? <Spinner label={labels.waiting} showLabel /> : null}
      {blocked ? <p role="alert">{labels.blocked}</p> : null}
    </div>
  );
}

function DiscordGlyph() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M19.6 5.3A16.6 16.6 0 0 0 15.5 4l-.5 1a15.4 15.4 0 0 0-6 0l-.5-1a16.6 16.6 0 0 0-4.1 1.3C1.8 9.2 1.1 13 1.4 16.8a16.7 16.7 0 0 0 5 2.5l1.1-1.7a10.8 10.8 0 0 1-1.7-.8l.4-.3a11.9 11.9 0 0 0 11.6 0l.4.3-1.7.8 1.1 1.7a16.6 16.6 0 0 0 5-2.5c.4-4.4-.7-8.2-3-11.5ZM8.7 14.5c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Zm6.6 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Z"
      />
    </svg>
  );
}
