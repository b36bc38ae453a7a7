/** The webhook manager's words (messages: webhookManager), templates with {name} {channel} filled by the islands. */
export type WebhookText = {
  title: string;
  intro: string;
  empty: string;
  unavailable: string;
  inChannel: string;
  createdBy: string;
  noCreator: string;
  create: { title: string; channel: string; name: string; nameHint: string; avatar: string; avatarHint: string; submit: string; busy: string; done: string };
  created: { title: string; description: string; label: string; copy: string; copied: string; copyFailed: string; dismiss: string };
  rename: { button: string; label: string; save: string; cancel: string; busy: string; done: string };
  avatar: { button: string; label: string; save: string; busy: string; done: string };
  remove: { button: string; title: string; description: string; confirm: string; back: string; busy: string; done: string };
  failed: string;
};
