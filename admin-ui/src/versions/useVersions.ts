import type { Schema } from '@lp/api-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';

export type VersionsLoad =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'loaded'; data: Schema<'VersionListResponse'> };

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
  const versions = useQuery({ queryKey: key, queryFn: () => dataProvider.versions(subjectId), retry: false });
  const action = useMutation({
    mutationFn: async (action: OverlayAction) => {
      if (action === 'reset') {
        await dataProvider.resetOverlay(subjectId);
        return 'Overlay reset';
      }
      const { version } = await dataProvider.publishVersion(subjectId);
      return `Changes published as v${version}`;
    },
    onSuccess: (message) => notify(message, { type: 'success' }),
    onError: (error, action) => {
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

  return { load, running, run };
};
