import "server-only";
import { checkAlertsJob } from "@/lib/alerts/check";
import { postDeliveryJob, recoverDeliveriesJob } from "@/lib/deliveries/post";
import { importPlatformCasesJob } from "@/lib/moderation/platform-import";
import { sweepBirthdaysJob } from "@/lib/plugins/birthdays/announce";
import { birthdayRoleJob } from "@/lib/plugins/birthdays/role";
import { endGiveawayJob, sweepGiveawaysJob } from "@/lib/plugins/giveaways/auto-end";
import { recordingRetentionJob } from "@/lib/plugins/record/retention";
import { updateCountersJob } from "@/lib/plugins/statistics/counters";
import { sweepTimersJob } from "@/lib/plugins/timers/auto-post";
import { runAutomationJob, sweepAutomationsJob } from "@/lib/plugins/automations/schedule";
import { membershipExpireJob, membershipRoleJob } from "@/lib/memberships/role-jobs";
import { recheckNftAvatarsJob } from "@/lib/nft-avatars/recheck";
import type { JobDefinition } from "./job";

// Every job the worker runs, by queue name: what makes saved settings happen without a gateway.
export const JOBS: readonly JobDefinition[] = [
  postDeliveryJob,
  recoverDeliveriesJob,
  sweepGiveawaysJob,
  endGiveawayJob,
  checkAlertsJob,
  sweepTimersJob,
  sweepBirthdaysJob,
  birthdayRoleJob,
  updateCountersJob,
  recordingRetentionJob,
  importPlatformCasesJob,
  sweepAutomationsJob,
  runAutomationJob,
  membershipRoleJob,
  membershipExpireJob,
  recheckNftAvatarsJob,
] as JobDefinition[];
