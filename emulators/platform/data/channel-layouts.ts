import type { CategorySpec, ChannelSpec } from "./types";

// One channel tree per fixture guild. Announcement, stage and forum channels
// only appear in guilds with the COMMUNITY feature, as on Discord.

const text = (name: string, topic?: string, extra: Partial<ChannelSpec> = {}): ChannelSpec => ({ kind: "text", name, topic, ...extra });
const news = (name: string, topic?: string): ChannelSpec => ({ kind: "announcement", name, topic });
const voice = (name: string, userLimit = 0): ChannelSpec => ({ kind: "voice", name, userLimit });
const stage = (name: string, topic?: string): ChannelSpec => ({ kind: "stage", name, topic });
const forum = (name: string, topic: string, tags: readonly string[]): ChannelSpec => ({ kind: "forum", name, topic, tags });

const staff = (extra: readonly ChannelSpec[] = []): CategorySpec => ({
  name: "Staff",
  channels: [text("mod-chat", "Staff only. Be kind, be brief."), text("mod-log", "Automated moderation log."), ...extra],
});

export const WORKSHOP: readonly CategorySpec[] = [
  { name: null, channels: [text("welcome", "Start here! Read the rules and grab some roles."), text("rules", "The short version: be excellent to each other.")] },
  {
    name: "Information",
    channels: [news("announcements", "Workshop news and events."), text("👋-introductions", "Tell us what you are building."), text("roles", "Pick your interests.")],
  },
  {
    name: "Community",
    channels: [
      text("general", "Chat about anything."),
      text("off-topic", "Anything that is not about making things."),
      text("memes", "Keep it wholesome.", { slowmode: 10 }),
      forum("show-and-tell", "Share what you made.", ["Finished", "Work in progress", "Fail"]),
      text("📸-photos", "Pictures of builds, desks and workshops."),
      forum("help", "Stuck? Ask here.", ["Question", "Solved"]),
      text("links", "Useful tools and articles."),
    ],
  },
  {
    name: "Projects",
    channels: [
      text("3d-printing", "Slicers, filaments and spaghetti."),
      text("electronics", "Solder smoke welcome."),
      text("woodworking", "Measure twice, cut once."),
      text("code-review", "Paste a link, get feedback."),
      forum("project-logs", "Long-running build diaries.", ["Hardware", "Software", "Mixed"]),
    ],
  },
  { name: "Voice", channels: [voice("Lounge"), voice("Workbench"), voice("Pair Programming", 4), stage("Town Hall", "Monthly community call")] },
  staff([voice("Staff Voice")]),
];

export const PIXEL_RAIDERS: readonly CategorySpec[] = [
  {
    name: "Information",
    channels: [
      text("welcome", "Welcome, raider! Check #rules first."),
      text("rules", "Read before posting."),
      news("announcements", "Server news."),
      news("patch-notes", "Game updates as they land."),
      text("👋-introductions", "Say hi and share your main."),
      text("roles", "React to get game roles."),
    ],
  },
  {
    name: "General",
    channels: [
      text("general", "Main chat."),
      text("off-topic", "Non-gaming chat."),
      text("memes", "Dank but civil.", { slowmode: 5 }),
      text("clips", "Your best plays."),
      text("looking-for-group", "Find a squad. Include region and platform.", { slowmode: 30 }),
      text("screenshots", "Pretty pixels only."),
      text("bot-commands", "Keep bot spam here."),
    ],
  },
  {
    name: "Games",
    channels: [
      text("retro-games", "16 bits and below."),
      text("indie-games", "Hidden gems."),
      text("fps", "Shooters of all kinds."),
      text("mmo", "Raids, dungeons and loot drama."),
      forum("guides", "Guides written by the community.", ["Beginner", "Advanced", "Outdated"]),
      forum("bug-reports", "Report server or bot bugs.", ["Open", "Fixed", "Won't fix"]),
    ],
  },
  { name: "Voice", channels: [voice("Lounge"), voice("Squad 1", 5), voice("Squad 2", 5), voice("AFK"), stage("Tournament Stage", "Finals night")] },
  staff([voice("Staff Voice")]),
];

export const NIGHT_OWLS: readonly CategorySpec[] = [
  {
    name: "Info",
    channels: [
      text("welcome", "Pull up a chair. The kettle is on."),
      text("rules", "No spoilers outside #spoilers."),
      news("announcements", "Club news."),
      text("👋-introductions", "What are you reading right now?"),
    ],
  },
  {
    name: "Reading Room",
    channels: [
      text("general", "Bookish chatter."),
      text("currently-reading", "Post your current read."),
      news("book-of-the-month", "This month's pick and schedule."),
      forum("reviews", "One post per book.", ["5 stars", "DNF", "Spoilers inside"]),
      text("recommendations", "Tell us what to read next."),
      text("quotes", "Lines worth keeping."),
      text("spoilers", "Mark spoilers with ||bars||."),
    ],
  },
  {
    name: "Genres",
    channels: [
      text("sci-fi-and-fantasy"),
      text("mystery-and-thriller"),
      text("literary-fiction"),
      text("non-fiction"),
      text("poetry"),
      text("manga-and-comics"),
    ],
  },
  { name: "Voice", channels: [voice("Lounge"), stage("Reading Circle", "Monthly discussion"), voice("Quiet Reading")] },
  staff(),
];

export const SPEEDRUN: readonly CategorySpec[] = [
  {
    name: "Info",
    channels: [
      text("welcome", "Welcome to Speedrun Central."),
      text("rules", "Submission and conduct rules."),
      news("announcements"),
      news("world-records", "New WRs, verified."),
      text("👋-introductions"),
    ],
  },
  {
    name: "Running",
    channels: [
      text("general", "All things speedrunning."),
      text("route-discussion", "Routes, splits and skips."),
      forum("submissions", "Submit runs for verification.", ["Pending", "Verified", "Rejected"]),
      text("glitch-hunting", "Found something weird? Post it."),
      text("any-percent"),
      text("100-percent"),
      text("tas", "Tool-assisted runs."),
      text("off-topic"),
      text("memes", undefined, { slowmode: 15 }),
    ],
  },
  {
    name: "Races",
    channels: [news("race-announcements"), text("race-chat"), voice("Race Room 1", 8), voice("Race Room 2", 8), stage("Commentary", "Live race commentary")],
  },
  { name: "Voice", channels: [voice("Lounge"), voice("Practice")] },
  staff([voice("Staff Voice")]),
];

export const LOFI: readonly CategorySpec[] = [
  {
    name: "Info",
    channels: [
      text("welcome", "Grab a seat and a warm drink."),
      text("rules", "Respect the quiet."),
      news("announcements"),
      text("👋-introductions", "What are you studying?"),
      text("study-goals", "Set a goal for today."),
    ],
  },
  {
    name: "Study",
    channels: [
      text("general", "Chat between sessions."),
      text("accountability", "Check in and check out."),
      forum("homework-help", "Ask for help. Show your work.", ["Maths", "Science", "Languages", "Solved"]),
      text("resources", "Notes, videos and tools."),
      text("pomodoro-log", "Log finished pomodoros.", { slowmode: 60 }),
      text("off-topic"),
      text("memes"),
    ],
  },
  { name: "Subjects", channels: [text("maths"), text("computer-science"), text("languages"), text("medicine"), text("law")] },
  {
    name: "Study Rooms",
    channels: [voice("Lounge"), voice("Silent Study 1"), voice("Silent Study 2"), voice("Pomodoro 25/5"), voice("Cam Study", 10), stage("Lecture Hall", "Guest talks")],
  },
  staff(),
];

export const COZY_CAFE: readonly CategorySpec[] = [
  {
    name: "Welcome",
    channels: [text("welcome", "Come in, it's warm."), text("rules"), text("announcements", "Cafe news."), text("👋-introductions")],
  },
  {
    name: "Café",
    channels: [
      text("general", "Table for everyone."),
      text("coffee-talk", "Beans, brews and gear."),
      text("recipes", "Share a recipe."),
      text("pets", "Pictures are mandatory."),
      text("plants", "Leaves and repotting."),
      text("music", "What is playing in the cafe?"),
      text("book-nook", "What are you reading with your coffee?"),
      text("memes"),
      text("off-topic"),
    ],
  },
  { name: "Voice", channels: [voice("Lounge"), voice("Fireplace"), voice("Study Corner", 6), voice("Karaoke", 12)] },
];

export const SYNTHWAVE: readonly CategorySpec[] = [
  {
    name: "Info",
    channels: [
      text("welcome", "Welcome to the Collective."),
      text("rules"),
      news("announcements"),
      news("releases", "New music from members."),
      text("👋-introductions"),
    ],
  },
  {
    name: "Studio",
    channels: [
      text("general"),
      forum("works-in-progress", "Share unfinished tracks.", ["Demo", "Mixdown", "Master"]),
      forum("feedback", "Ask for honest feedback.", ["Mixing", "Composition", "Sound design"]),
      text("gear-talk", "Synths, DAWs and plugins."),
      text("sample-swap", "Only share what you own."),
      text("collabs", "Looking for a vocalist?"),
      text("off-topic"),
      text("memes"),
    ],
  },
  {
    name: "Listening",
    channels: [text("now-playing"), text("playlists"), stage("Listening Party", "Friday night premieres"), voice("Lounge"), voice("Studio A", 4), voice("Studio B", 4)],
  },
  staff(),
];

export const OPEN_MIC: readonly CategorySpec[] = [
  { name: "Info", channels: [text("welcome", "Everyone is welcome on stage."), text("rules"), news("announcements")] },
  {
    name: "Chat",
    channels: [
      text("general"),
      text("lineup", "Sign up for the next open mic."),
      text("feedback", "Kind and specific."),
      text("off-topic"),
      text("memes"),
      text("poetry-corner"),
      text("stand-up-bits"),
    ],
  },
  { name: "Stage", channels: [stage("Main Stage", "Open mic, every Thursday"), voice("Green Room"), voice("Lounge")] },
  { name: "Workshops", channels: [text("songwriting"), text("spoken-word"), text("comedy-writing"), voice("Rehearsal Room", 6)] },
];
