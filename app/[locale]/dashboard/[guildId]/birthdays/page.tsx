import type { Metadata } from "next";
import { UpcomingBirthdaysSection } from "@/components/birthdays/upcoming-birthdays-section";
import { PluginPage, pluginPageMetadata, type PluginRouteProps } from "../plugin-page";

// Birthdays, with the upcoming ones.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, "birthdays");
}

export default function BirthdaysSettingsPage({ params }: PluginRouteProps) {
  return (
    <PluginPage
      params={params}
      pluginId="birthdays"
      extras={{
        middle: ({ guildId, locale }) => <UpcomingBirthdaysSection guildId={guildId} locale={locale} />,
      }}
    />
  );
}
