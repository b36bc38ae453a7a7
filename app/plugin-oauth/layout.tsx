import { BareDocument } from "@/components/bare-document";
import { localeFromRequest } from "@/lib/i18n/request-locale";

export const metadata = { title: "Guildhall", robots: { index: false } };

export default async function PluginOAuthLayout({ children }: { children: React.ReactNode }) {
  return <BareDocument locale={await localeFromRequest()}>{children}</BareDocument>;
}
