import { retryDelay, shouldRetry } from '@lp/shared/auth';
import { fetchUtils, HttpError } from 'react-admin';

import { getAccessToken, renewAccessToken } from './authProvider';

export const ADMIN_API_URL = '/api/admin';

/** One call, tried again on 502/503/504 by the retry rule both UIs share (@lp/shared/auth). */
const fetchWithToken = async (url: string, options: fetchUtils.Options, token: string | null) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetchUtils.fetchJson(url, {
        ...options,
        user: token ? { authenticated: true, token: `Bearer ${token}` } : undefined,
      });
    } catch (error) {
      if (!(error instanceof HttpError) || !shouldRetry(error.status, attempt)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
    }
  }
};

/**
 * fetchJson with the in-memory access token: what the data provider sends every call through. A 401
 * gets one retry with a renewed token (the token may have expired while the request was on its way); a
 * second 401 reaches authProvider.checkError, which signs the user out.
 */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const token = await getAccessToken();
  try {
    return await fetchWithToken(url, options, token);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 401 || !token) throw error;
    const renewed = await renewAccessToken(token);
    if (!renewed || renewed === token) throw error;
    return fetchWithToken(url, options, renewed);
  }
};
