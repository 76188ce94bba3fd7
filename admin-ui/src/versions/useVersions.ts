import { useCallback, useEffect, useRef, useState } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import { fetchVersions, publishOverlay, resetOverlay, type VersionList } from './versionsApi';

export type VersionsLoad =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'loaded'; data: VersionList };

export type OverlayAction = 'reset' | 'publish';

/**
 * The subject's versions and overlay, reloaded after each action. `run` publishes or resets the
 * overlay with a notification either way; one action at a time.
 */
export const useVersions = (subjectId: string) => {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  // The hook's callback may change identity between renders; loads follow the subject only.
  const logoutRef = useRef(logoutIfAccessDenied);
  useEffect(() => {
    logoutRef.current = logoutIfAccessDenied;
  }, [logoutIfAccessDenied]);

  const [reloads, setReloads] = useState(0);
  // Each answer is kept with the request it answers: a new subject or a reload reads as loading
  // until its own answer arrives.
  const request = `${reloads}:${subjectId}`;
  const [answer, setAnswer] = useState<{ request: string; load: VersionsLoad } | null>(null);
  const load: VersionsLoad = answer?.request === request ? answer.load : { state: 'loading' };
  const [running, setRunning] = useState<OverlayAction | null>(null);

  useEffect(() => {
    let active = true;
    fetchVersions(subjectId).then(
      (data) => {
        if (active) setAnswer({ request, load: { state: 'loaded', data } });
      },
      async (error) => {
        if (!active || (await logoutRef.current(error))) return;
        const message = apiErrorMessage(error, 'Failed to load versions');
        if (active) setAnswer({ request, load: { state: 'error', message } });
      },
    );
    return () => {
      active = false;
    };
  }, [subjectId, request]);

  const refetch = useCallback(() => setReloads((n) => n + 1), []);

  const run = async (action: OverlayAction) => {
    if (running) return;
    setRunning(action);
    try {
      if (action === 'publish') {
        const { version } = await publishOverlay(subjectId);
        notify(version ? `Changes published as v${version}` : 'Changes published', { type: 'success' });
      } else {
        await resetOverlay(subjectId);
        notify('Overlay reset', { type: 'success' });
      }
    } catch (error) {
      if (!(await logoutRef.current(error))) {
        const what = action === 'publish' ? 'Publish failed' : 'Reset failed';
        notify(`${what}: ${apiErrorMessage(error, 'Please try again.')}`, { type: 'error', multiLine: true });
      }
    } finally {
      setRunning(null);
      refetch();
    }
  };

  return { load, running, run };
};
