/** A date as the spec shows dates: US short format with hour and minute ("3/4/26, 9:05 AM"); '' for none. */
export const formatWhen = (iso: string | null | undefined): string => {
  const date = new Date(iso ?? '');
  if (!iso || Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
};
