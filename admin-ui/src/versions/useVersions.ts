import type { Schema } from '@lp/api-types';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';

import { conflictOf } from '../editor/authoring';
import { apiErrorMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';

/** The list with the etag of the draft it was read with: publishing sends it as If-Match. */
export type VersionList = Schema<'VersionListResponse'>;

export type VersionsLoad =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'loaded'; data: VersionList };

export const PUBLISH_CONFLICT =
  'The draft changed since this list was shown (someone saved or published). The list has been reloaded: check it and publish again.';

export type OverlayAction = 'reset' | 'publish';

/**
 * The subject's versions and overlay, read again after each action. `run` publishes or resets the
 * overlay with a notification either way; one action at a time.
 */
export const useVersions = (subjectId: string) => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['studio', 'versions', subjectId];
  const versions = useQuery<VersionList>({
    queryKey: key,
    queryFn: () => dataProvider.versions(subjectId),
    retry: false,
  });
  /** set when a publish met a newer draft: said on the screen until the next action */
  const [conflict, setConflict] = useState(false);
  const action = useMutation({
    mutationFn: async (action: OverlayAction) => {
      if (action === 'reset') {
        await dataProvider.resetOverlay(subjectId);
        return 'Overlay reset';
      }
      // what gets published is the draft this screen showed, or nothing (412)
      const { version } = await dataProvider.publishVersion(subjectId, versions.data?.etag);
      return `Changes published as v${version}`;
    },
    onMutate: () => setConflict(false),
    onSuccess: (message) => notify(message, { type: 'success' }),
    onError: (error, action) => {
      if (conflictOf(error)) {
        setConflict(true);
        notify(PUBLISH_CONFLICT, { type: 'warning', multiLine: true });
        return;
      }
      const what = action === 'publish' ? 'Publish failed' : 'Reset failed';
      notify(`${what}: ${apiErrorMessage(error, 'Please try again.')}`, { type: 'error', multiLine: true });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const load: VersionsLoad = versions.isPending
    ? { state: 'loading' }
    : versions.isError
      ? { state: 'error', message: apiErrorMessage(versions.error, 'Failed to load versions') }
      : { state: 'loaded', data: versions.data };
  const running: OverlayAction | null = action.isPending ? action.variables : null;
  const run = (next: OverlayAction) => {
    if (!running) action.mutate(next);
  };

  return { load, running, run, conflict };
};
