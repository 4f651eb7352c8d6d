// The server says everything in both of the page's languages ({"en", "zh"}):
// endings, claims, refusals, hints, undo reasons, titles and side names. The
// page only picks the words of its language.
import { currentLang } from './i18n';

export interface Words { en: string; zh: string }

// The words in the page's language; the English ones when that is empty, and
// `fallback` when the server sent none.
export function said(w: Partial<Words> | null | undefined, fallback = ''): string {
  if (!w) return fallback;
  return w[currentLang()] || w.en || fallback;
}
