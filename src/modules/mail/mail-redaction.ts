import type { SendEmailPayload } from '../../queues/queues';

/** What a redacted query value reads: the link's kind stays visible to an operator, its secret does not. */
export const REDACTED = 'redacted';
export const REDACTED_MAIL_MESSAGE =
  'This mail failed and its link was removed from the queue; the person must ask for a new one';

/**
 * A mail's link with every query value and the fragment replaced: reset and verification links carry their
 * single-use token there. What is kept after a mail fails (in Redis, on the queue dashboard) must not let
 * anyone who reads it reset that person's password.
 */
export function redactLink(link: string): string {
  try {
    const url = new URL(link);
    for (const key of [...url.searchParams.keys()]) url.searchParams.set(key, REDACTED);
    url.hash = '';
    return url.toString();
  } catch {
    return REDACTED;
  }
}

export function redactMailPayload(payload: SendEmailPayload): SendEmailPayload & { redacted: true } {
  return { ...payload, link: redactLink(payload.link), redacted: true };
}

export function isRedacted(payload: SendEmailPayload): boolean {
  return (payload as { redacted?: unknown }).redacted === true;
}

/** An error to keep on the failed job: its message and stack with the live link (and its query) replaced. */
export function scrubError(err: unknown, link: string): Error {
  const error = err instanceof Error ? err : new Error(String(err));
  const secrets = [link, ...safeQueryValues(link)].filter((s) => s.length >= 8);
  const scrub = (text: string) => secrets.reduce((t, s) => t.split(s).join(REDACTED), text);
  const clean = new Error(scrub(error.message));
  clean.name = error.name;
  clean.stack = error.stack === undefined ? undefined : scrub(error.stack);
  return clean;
}

function safeQueryValues(link: string): string[] {
  try {
    const url = new URL(link);
    return [...url.searchParams.values(), url.hash.slice(1), url.search.slice(1)];
  } catch {
    return [];
  }
}
