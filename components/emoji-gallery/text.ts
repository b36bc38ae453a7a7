/** The emoji gallery's words (messages: emojiGallery), templates with {name} {used} {max} filled by the islands. */
export type EmojiGalleryText = {
  title: string;
  intro: string;
  staticSlots: string;
  animatedSlots: string;
  empty: string;
  unavailable: string;
  animatedBadge: string;
  unavailableBadge: string;
  upload: { title: string; file: string; fileHint: string; name: string; nameHint: string; submit: string; busy: string; done: string };
  rename: { button: string; label: string; save: string; cancel: string; busy: string; done: string };
  remove: { button: string; title: string; description: string; confirm: string; back: string; busy: string; done: string };
  failed: string;
};
