import { callApi } from '../providers/apiCall';
import { ADMIN_API_URL } from '../providers/httpClient';

/** The queue dashboard (Bull Board) page. */
export const QUEUES_PATH = `${ADMIN_API_URL}/queues`;

export const queueBoardMethods = {
  /**
   * `POST /api/admin/queues/session` (admin): a dashboard session, an httpOnly cookie for the board's path
   * only, since a page load cannot send a bearer token. Answers 204.
   */
  startQueueBoardSession: async (): Promise<void> => {
    await callApi('post', '/api/admin/queues/session');
  },
};
