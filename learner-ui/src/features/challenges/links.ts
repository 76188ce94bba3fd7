const q = encodeURIComponent;

export const CHALLENGES_PATH = '/challenges';

/** The learner's own certificates: under /challenges, so inside the spec's allowed redirect targets. */
export const MY_CERTIFICATES_PATH = '/challenges/certificates';

export function challengePath(cid: string): string {
  return `/challenge/${q(cid)}`;
}

export function challengeDayPath(cid: string, day: number): string {
  return `/challenge/${q(cid)}/day/${day}`;
}

/** The public verification page of a certificate (no sign-in). */
export function certificatePath(id: string): string {
  return `/certificates/${q(id)}`;
}
