/** Before 12 'Good morning', before 17 'Good afternoon', else 'Good evening' (local time). */
export function greetingForHour(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

export function greetingFor(date: Date): string {
  return greetingForHour(date.getHours());
}

/** The part of the e-mail before the @. */
export function nameFromEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}

export function greetingLine(date: Date, email: string | null | undefined): string {
  const name = nameFromEmail(email);
  return name ? `${greetingFor(date)}, ${name}` : greetingFor(date);
}
