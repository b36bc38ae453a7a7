/** The staff tools' words (messages: staffTools); {…} filled where they are shown. */
export type StaffText = {
  metaTitle: string;
  title: string;
  intro: string;
  lookup: { guild: string; user: string; submit: string; badId: string; nothing: string };
  guild: { title: string; subscriptions: string; plugins: string; jobs: string; credits: string; none: string; enabled: string; disabled: string; jobFailed: string };
  user: { title: string; staff: string; subscriptions: string; none: string; guildLink: string };
  subscription: string;
  grant: { title: string; intro: string; amount: string; reason: string; reasonHint: string; submit: string; busy: string; done: string; failed: string };
};
