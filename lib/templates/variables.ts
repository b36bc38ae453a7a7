// The message-template variables of spec 3 ("Template variables in message editors"),
// with what the editor's `{` autocompletion shows. Pure and client-safe.
// render.ts resolves exactly these names (render.test.ts keeps the two in step).

export type TemplateVariableGroup = "server" | "user" | "channel" | "random" | "plan";

export type TemplateVariable = {
  /** What goes between the braces, exactly as the editor inserts it: `{name}`. Case-sensitive. */
  name: string;
  group: TemplateVariableGroup;
  /** A sample of what the variable becomes, in the display form the editor shows (mentions as `@name` / `#name`). */
  example: string;
  /**
   * Kept out of the `{` list until the typed name reaches past its dot: ids, aliases and
   * platform internals an owner rarely wants. They still render wherever they are written.
   */
  technical?: true;
};

export const TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  { name: "server.name", group: "server", example: "Night Owls" },
  { name: "server", group: "server", example: "Night Owls", technical: true },
  { name: "server.id", group: "server", example: "200000000000000001", technical: true },
  { name: "server.icon_url", group: "server", example: "https://cdn.discordapp.com/icons/200000000000000001/0123abcd.png" },
  { name: "server.icon", group: "server", example: "https://cdn.discordapp.com/icons/200000000000000001/0123abcd.png", technical: true },
  { name: "server.owner", group: "server", example: "wumpus" },
  { name: "server.owner_id", group: "server", example: "100000000000000001", technical: true },
  { name: "server.region", group: "server", example: "europe", technical: true },
  { name: "server.member_count", group: "server", example: "1234" },
  { name: "server.verification_level", group: "server", example: "1", technical: true },
  { name: "server.joined_at", group: "server", example: "2024-01-31T12:00:00.000Z" },
  { name: "user", group: "user", example: "@wumpus", technical: true },
  { name: "user.mention", group: "user", example: "@wumpus" },
  { name: "user.id", group: "user", example: "100000000000000001", technical: true },
  { name: "user.name", group: "user", example: "wumpus" },
  { name: "user.discriminator", group: "user", example: "0", technical: true },
  { name: "user.idname", group: "user", example: "wumpus", technical: true },
  { name: "user.avatar_url", group: "user", example: "https://cdn.discordapp.com/avatars/100000000000000001/abcd.png" },
  { name: "user.avatar", group: "user", example: "https://cdn.discordapp.com/avatars/100000000000000001/abcd.png", technical: true },
  { name: "user.bot", group: "user", example: "false", technical: true },
  { name: "channel", group: "channel", example: "#general" },
  { name: "channel.name", group: "channel", example: "general" },
  { name: "channel.id", group: "channel", example: "300000000000000001", technical: true },
  { name: "channel.type", group: "channel", example: "0", technical: true },
  // `{random:x-y}`: an integer from x to y inclusive; the editor inserts this default range.
  { name: "random:1-100", group: "random", example: "42" },
  // `{random}`: an integer from 0 to 100 inclusive.
  { name: "random", group: "random", example: "42" },
  { name: "plan.name", group: "plan", example: "Free" },
];
