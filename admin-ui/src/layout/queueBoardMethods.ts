import { ADMIN_API_URL, httpClient } from '../providers/httpClient';

/** The queue dashboard (Bull Board), mounted outside the API's OpenAPI document. */
export const QUEUES_PATH = `${ADMIN_API_URL}/queues`;

export const queueBoardMethods = {
  /**
   * `POST /api/admin/queues/session` (admin): a dashboard session, an httpOnly cookie for the board's path
   * only, since a page load cannot send a bearer token. Answers 204.
   */
  startQueueBoardSession: async (): Promise<void> => {
    await httpClient(`${QUEUES_PATH}/session`, { method: 'POST' });
  },
};
