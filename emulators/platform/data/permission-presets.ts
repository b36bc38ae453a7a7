import type { PermissionName } from "../permissions";

// Typical permission sets, close to what Discord's role templates grant.

export const EVERYONE_DEFAULT: readonly PermissionName[] = [
  "CreateInstantInvite", "AddReactions", "Stream", "ViewChannel", "SendMessages", "EmbedLinks", "AttachFiles",
  "ReadMessageHistory", "UseExternalEmojis", "Connect", "Speak", "UseVAD", "ChangeNickname", "UseApplicationCommands",
  "RequestToSpeak", "CreatePublicThreads", "CreatePrivateThreads", "UseExternalStickers", "SendMessagesInThreads",
  "UseEmbeddedActivities", "UseSoundboard", "UseExternalSounds", "SendVoiceMessages", "SendPolls", "UseExternalApps",
];

/** A locked-down @everyone for servers with a verification gate. */
export const EVERYONE_READ_ONLY: readonly PermissionName[] = ["ViewChannel", "ReadMessageHistory", "AddReactions", "Connect"];

export const MODERATOR: readonly PermissionName[] = [
  "KickMembers", "BanMembers", "ManageMessages", "ManageNicknames", "ManageThreads", "ModerateMembers",
  "ViewAuditLog", "MuteMembers", "DeafenMembers", "MoveMembers", "MentionEveryone",
];

/** Moderators who may also change server settings (what Guildhall checks). */
export const SERVER_MANAGER: readonly PermissionName[] = [...MODERATOR, "ManageGuild", "ManageChannels", "ManageEvents"];

export const ADMIN: readonly PermissionName[] = ["Administrator"];

export const COSMETIC: readonly PermissionName[] = [];

/** What bots usually ask for when invited. */
export const BOT_DEFAULT: readonly PermissionName[] = [
  "ViewChannel", "SendMessages", "EmbedLinks", "AttachFiles", "ReadMessageHistory", "AddReactions",
  "ManageRoles", "ManageMessages", "UseExternalEmojis",
];

export const MUSIC_BOT: readonly PermissionName[] = ["ViewChannel", "SendMessages", "EmbedLinks", "Connect", "Speak", "UseVAD"];
