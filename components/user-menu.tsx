"use client";

import useSWR from "swr";
import { apiFetch } from "@/lib/http/client-fetch";
import { userAvatarUrl } from "@/lib/platform/cdn";
import type { UserEntity } from "@/lib/users/user-entity";
import { LogoutButton } from "./logout-button";
import styles from "./user-menu.module.css";

type Labels = { signOut: string; /** "… {name}" filled here. */ menu: string; loading: string };

// A client island so the dashboard frame holds nothing user-specific and guild pages
// can be served from the page cache; the user is read once and shared between pages.
export function UserMenu({ cdnBase, labels }: { cdnBase: string; labels: Labels }) {
  const { data: user } = useSWR("/users/@me", (path: string) => apiFetch<UserEntity>(path, { silent: true }), {
    revalidateOnFocus: true,
    dedupingInterval: 30_000,
    errorRetryCount: 2,
  });
  const name = user ? (user.global_name ?? user.username) : "";
  return (
    <div className={styles.menu} aria-label={user ? labels.menu.replace("{name}", name) : labels.loading} aria-busy={!user} role="group">
      {user ? (
        // eslint-disable-next-line @next/next/no-img-element -- small CDN avatar
        <img className={styles.avatar} src={userAvatarUrl(cdnBase, user, 64)} alt="" width={32} height={32} />
      ) : (
        <span className={styles.avatar} aria-hidden="true" />
      )}
      <span className={styles.name} data-testid="user-name">
        {name}
      </span>
      <LogoutButton label={labels.signOut} />
    </div>
  );
}
