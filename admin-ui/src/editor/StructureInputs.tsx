import { Alert, Autocomplete, Stack, TextField } from '@mui/material';
import { AutocompleteArrayInput, AutocompleteInput, useGetList } from 'react-admin';
import { useController } from 'react-hook-form';

import type { MediaFile } from '../media/mediaMethods';
import { outlineTopics, useOutline } from '../outline/useOutline';
import type { NodeVideo } from './authoring';

/** The subject's video files, newest first, as the topic's video (or none). */
const VideoPicker = ({ subjectId }: { subjectId: string }) => {
  const { field, fieldState } = useController({ name: 'video' });
  const files = useGetList<MediaFile>('media', {
    filter: { subjectId },
    sort: { field: 'createdAt', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
  });
  const value = (field.value as NodeVideo | null) ?? null;
  const options: NodeVideo[] = (files.data ?? []).map((file) => ({ url: file.path, title: file.name }));
  if (value && !options.some((o) => o.url === value.url)) options.unshift(value);
  return (
    <Autocomplete
      options={options}
      value={value}
      loading={files.isPending}
      onChange={(_, next) => field.onChange(next ? { url: next.url, title: next.title } : null)}
      onBlur={field.onBlur}
      getOptionLabel={(option) => option.title || option.url}
      isOptionEqualToValue={(a, b) => a.url === b.url}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Video"
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? "One of the subject's video files (Media), or none"}
        />
      )}
    />
  );
};

/** Module and prerequisites chosen by title from the draft outline, and the topic's video. */
export const StructureInputs = ({ nodeId, subjectId }: { nodeId: string; subjectId: string }) => {
  const outline = useOutline(subjectId);
  const modules = (outline.data?.modules ?? []).map((m) => ({ id: m.id, name: m.title }));
  const topics = outlineTopics(outline.data)
    .filter((topic) => topic.id !== nodeId)
    .map((topic) => ({ id: topic.id, name: topic.title, module: topic.moduleTitle }));
  return (
    <Stack spacing={1}>
      {outline.isError && (
        <Alert severity="warning">Could not load the course outline: modules and topics are shown by id.</Alert>
      )}
      <AutocompleteInput
        source="moduleId"
        label="Module"
        choices={modules}
        isPending={outline.isPending}
        disableClearable
        helperText="The module the topic belongs to"
      />
      <AutocompleteArrayInput
        source="prerequisites"
        label="Builds on (prerequisites)"
        choices={topics}
        isPending={outline.isPending}
        groupBy={(choice) => String(choice.module)}
        helperText="Topics a learner should master first; type to search by title"
      />
      <VideoPicker subjectId={subjectId} />
    </Stack>
  );
};
