import { Alert, Card, CardContent, TableRow, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { HttpError, useDataProvider, useNotify } from 'react-admin';

import { type Course, courseName, type CoursesLoad } from '../courses/course';
import { apiErrorMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';
import { ActionCell, SectionLoading, SubjectCells, SubjectTable } from './SubjectTable';

export const PUBLISHING = 'Publishing...';
export const PUBLISHED = 'Published draft';
export const PUBLISH_FAILED = 'Publish failed';

/**
 * Publish Latest Draft: one action per subject turns the draft overlay into a new live version.
 * A 409 (nothing to publish) shows the server's own message.
 */
export const PublishDraftSection = ({ load }: { load: CoursesLoad }) => (
  <Card variant="outlined" component="section" aria-labelledby="publish-draft-heading" sx={{ mb: 3 }}>
    <CardContent>
      <Typography id="publish-draft-heading" variant="h6" component="h2" gutterBottom>
        Publish Latest Draft
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Publishing turns the subject's unpublished changes into a new version, live for all learners.
      </Typography>

      {load.state === 'loading' && <SectionLoading label="Loading subjects" />}
      {load.state === 'error' && <Alert severity="error">Could not load the subjects: {load.message}</Alert>}
      {load.state === 'loaded' && load.courses.length === 0 && (
        <Typography color="text.secondary">No subjects yet.</Typography>
      )}
      {load.state === 'loaded' && load.courses.length > 0 && (
        <SubjectTable ariaLabel="Subjects">
          {load.courses.map((subject) => (
            <PublishDraftRow key={subject.subjectId} subject={subject} />
          ))}
        </SubjectTable>
      )}
    </CardContent>
  </Card>
);

/** One subject's row: its own call, so several subjects can publish at once. */
const PublishDraftRow = ({ subject }: { subject: Course }) => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const notify = useNotify();
  const { subjectId } = subject;
  const publish = useMutation({
    mutationFn: () => dataProvider.publishDraft(subjectId),
    onMutate: () => notify(PUBLISHING, { type: 'info' }),
    onSuccess: () => notify(PUBLISHED, { type: 'success' }),
    onError: (error) => {
      if (error instanceof HttpError && error.status === 409) {
        notify(apiErrorMessage(error, PUBLISH_FAILED), { type: 'warning' });
      } else {
        console.error(`Publish draft failed for ${subjectId}`, error);
        notify(PUBLISH_FAILED, { type: 'error' });
      }
    },
  });
  return (
    <TableRow>
      <SubjectCells title={courseName(subject)} subjectId={subjectId} />
      <ActionCell
        running={publish.isPending}
        variant="outlined"
        onClick={() => {
          if (!publish.isPending) publish.mutate();
        }}
      >
        Publish Latest Draft
      </ActionCell>
    </TableRow>
  );
};
