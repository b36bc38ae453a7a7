import { BareDocument } from "@/components/bare-document";
import { localeFromRequest } from "@/lib/i18n/request-locale";

export const metadata = { robots: { index: false } };

export default async function AuthLayout({ children }: { children: React.ReactNode }) {
  return <BareDocument locale={await localeFromRequest()}>{children}</BareDocument>;
}
