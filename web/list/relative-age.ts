/** "3 min ago" in the page's language, via Intl (no strings to translate). */
export function relativeAge(iso: string, now: number, locale: string): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const fmt = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  const abs = Math.abs(seconds);
  if (abs < 45) return fmt.format(Math.max(-59, Math.min(59, seconds)), 'second');
  if (abs < 45 * 60) return fmt.format(Math.round(seconds / 60), 'minute');
  if (abs < 22 * 3600) return fmt.format(Math.round(seconds / 3600), 'hour');
  return fmt.format(Math.round(seconds / 86400), 'day');
}

/** The locale Intl should use for a UI language. */
export const intlLocale = (language: string) => (language === 'zh' ? 'zh-CN' : 'en');
