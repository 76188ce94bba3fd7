import type { Schema } from '@lp/api-types';

import { callApi } from '../providers/apiCall';

/** A row of the `review` resource (`GET /api/admin/review`): a submission to grade by hand. */
export type ReviewItem = Schema<'ReviewItemResponse'>;
export type Grade = Schema<'GradeDto'>;

export const reviewMethods = {
  /** `POST /api/admin/review/{id}/grade`: closes the item; 409 when it is no longer pending. */
  grade: (id: string, grade: Grade) => callApi('post', '/api/admin/review/{id}/grade', { path: { id }, body: grade }),
};
