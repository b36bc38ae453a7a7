import { snowflakeToDate } from "@/lib/platform/snowflake";
import type { UserRow } from "./queries";

/** Spec 3 "User": flags value 2 marks staff. */
export const STAFF_FLAG = 2;

export type UserEntity = {
  id: string;
  username: string;
  global_name: string | null;
  discriminator: string;
  avatar: string | null;
  email: string | null;
  bot: false;
  customer_id: string | null;
  locale: string | null;
  /** Account creation on the platform, unix seconds (from the snowflake). */
  created_at: number;
  analytics_id: string;
  flags: number;
  staff: boolean;
};

export function isStaff(flags: number): boolean {
  return (flags & STAFF_FLAG) === STAFF_FLAG;
}

export function toUserEntity(row: UserRow): UserEntity {
  return {
    id: row.id,
    username: row.username,
    global_name: row.globalName,
    discriminator: row.discriminator,
    avatar: row.avatar,
    email: row.email,
    bot: false,
    customer_id: row.customerId,
    locale: row.locale,
    created_at: Math.floor(snowflakeToDate(row.id).getTime() / 1000),
    analytics_id: row.analyticsId,
    flags: row.flags,
    staff: isStaff(row.flags),
  };
}
