// Word lists for generated members. Combined by a seeded generator, so the
// same usernames come out on every run.

export const FIRST_NAMES = [
  "mika", "jonas", "luna", "ravi", "sofia", "kenji", "amara", "lucas", "noor", "mateo",
  "freya", "tomas", "yuki", "leila", "oskar", "priya", "hugo", "zara", "ines", "kofi",
  "elin", "marco", "aiko", "sven", "nadia", "felix", "maya", "ivan", "chloe", "omar",
  "hana", "lars", "rosa", "theo", "anya", "diego", "mei", "nils", "ayla", "pablo",
  "adele", "adrian", "aditya", "bea", "carmen", "dmitri", "esme", "farah", "gus", "ilse",
] as const;

export const ADJECTIVES = [
  "quiet", "sleepy", "cosmic", "fuzzy", "rusty", "lucky", "mellow", "brave", "tiny", "swift",
  "salty", "golden", "misty", "neon", "cozy", "wild", "lazy", "clever", "shy", "loud",
] as const;

export const NOUNS = [
  "fox", "owl", "pixel", "moon", "tea", "byte", "wave", "frost", "otter", "comet",
  "panda", "cactus", "dragon", "maple", "raven", "toast", "badger", "koi", "lynx", "nova",
] as const;

export const HOBBY_WORDS = [
  "codes", "plays", "reads", "draws", "dev", "gg", "irl", "makes", "runs", "writes",
] as const;

/** Templates for server nicknames; {name} is the member's display name. */
export const NICK_TEMPLATES = [
  "{name} | she/her",
  "{name} | he/him",
  "{name} | they/them",
  "🌙 {name}",
  "✨ {name} ✨",
  "{name} (GMT+1)",
  "{name} [AFK]",
  "{name} 🎧",
  "Sir {name}",
  "{name} the Great",
] as const;
