import { userAvatarUrl } from "@/lib/platform/cdn";
import type { UserEntity } from "@/lib/users/user-entity";
import { LogoutButton } from "./logout-button";
import styles from "./user-menu.module.css";

export function UserMenu({ user, cdnBase, labels }: { user: UserEntity; cdnBase: string; labels: { signOut: string; menu: string } }) {
  const name = user.global_name ?? user.username;
  return (
    <div className={styles.menu} aria-label={labels.menu} role="group">
      {/* eslint-disable-next-line @next/next/no-img-element -- small CDN avatar */}
      <img className={styles.avatar} src={userAvatarUrl(cdnBase, user, 64)} alt="" width={32} height={32} />
      <span className={styles.name} data-testid="user-name">
        {name}
      </span>
      <LogoutButton label={labels.signOut} />
    </div>
  );
}
