import { ADMIN_API_URL, httpClient } from '../providers/dataProvider';

export const REVIEW = 'review';
/** The queue shows pending items, oldest first (docs/challenges-api.md). */
export const PENDING = { status: 'pending' } as const;
export const OLDEST_FIRST = { field: 'createdAt', order: 'ASC' } as const;
export const REVIEW_PAGE_SIZE = 25;

/** The spec's defaults for a new grade. */
export const DEFAULT_SCORE = '0.8';
export const DEFAULT_PASSED = true;

/** A review item as `GET /api/admin/review` answers it. */
export interface ReviewItem {
  id: string;
  title: string;
  taskId: string;
  userId: string;
  subjectId: string;
  moduleId: string;
  type: 'link' | 'other';
  validatorType: string;
  /** The submitted URL when `type` is `link`. */
  url: string | null;
  /** The answers as `field: value` lines when `type` is `other`. */
  content: string | null;
  status: 'pending' | 'graded';
  createdAt: string;
  score: number | null;
  passed: boolean | null;
  note: string | null;
  gradedBy: string | null;
}

export interface Grade {
  passed: boolean;
  score: number;
  rubric: { note: string };
}

/** Dates in US short format with hour and minute, as the spec says. */
export const formatWhen = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' }) : '';

/** The Score field parsed as a number: 0 when it is not numeric (the spec). */
export const parseScore = (text: string): number => {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : 0;
};

/** Only http(s) links are opened: anything else is shown as text. */
export const isWebLink = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

/** `POST /api/admin/review/{id}/grade`: closes the item; 409 when it is no longer pending. */
export async function gradeItem(id: string, grade: Grade): Promise<ReviewItem> {
  const { json } = await httpClient(`${ADMIN_API_URL}/${REVIEW}/${encodeURIComponent(id)}/grade`, {
    method: 'POST',
    body: JSON.stringify(grade),
  });
  return json as ReviewItem;
}
