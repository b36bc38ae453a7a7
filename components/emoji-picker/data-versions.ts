// Written by `npm run assets` (components/emoji-picker/unicode-data.ts): the content hash of each
// language's emoji data, its URL's version segment. Pages name the data by it without making it;
// unicode-data.test.ts fails when the data changes and this file was not written again.
import type { Locale } from "@/lib/i18n/locales";

export const EMOJI_DATA_VERSIONS: Record<Locale, string> = {
  en: "MeYL3KvviTx6EkT9",
  fr: "544CegUVfB2kQ1zX",
  es: "b3tSiIcWD9Rw84H9",
  de: "Zht4y6iMtfqSoffc",
  tr: "MeYL3KvviTx6EkT9",
  ar: "MeYL3KvviTx6EkT9",
  pt: "rdnEswQMRMz2DMCr",
  tw: "Udae3bMuFzW0SXz7",
  ru: "6YvIAWEGb0aoEVVc",
};
