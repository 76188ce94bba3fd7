export const MIN_PASSWORD_LENGTH = 6;

/** The spec's register and reset rules; returns the message to show, or null when fine. */
export function passwordProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return 'Passwords do not match';
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 6 characters';
  return null;
}
