import { Alert, Card, CardContent, TableRow, Typography } from '@mui/material';
import { HttpError, useLogoutIfAccessDenied, useNotify } from 'react-admin';

import { courseName, type CoursesLoad } from '../courses/course';
import { apiErrorMessage } from '../providers/apiErrorMessage';
import { publishDraft } from './subjectsApi';
import { ActionCell, SectionLoading, SubjectCells, SubjectTable, usePendingSubjects } from './SubjectTable';

export const PUBLISHING = 'Publishing...';
export const PUBLISHED = 'Published draft';
export const PUBLISH_FAILED = 'Publish failed';

/**
 * Publish Latest Draft: one action per subject turns the draft overlay into a new live version.
 * A 409 (nothing to publish) shows the server's own message.
 */
export const PublishDraftSection = ({ load }: { load: CoursesLoad }) => {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { pending, begin, end } = usePendingSubjects();

  const publish = async (subjectId: string) => {
    if (!begin(subjectId)) return;
    notify(PUBLISHING, { type: 'info' });
    try {
      await publishDraft(subjectId);
      notify(PUBLISHED, { type: 'success' });
    } catch (error) {
      if (await logoutIfAccessDenied(error)) return;
      if (error instanceof HttpError && error.status === 409) {
        notify(apiErrorMessage(error, PUBLISH_FAILED), { type: 'warning' });
      } else {
        console.error(`Publish draft failed for ${subjectId}`, error);
        notify(PUBLISH_FAILED, { type: 'error' });
      }
    } finally {
      end(subjectId);
    }
  };

  return (
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
              <TableRow key={subject.subjectId}>
                <SubjectCells title={courseName(subject)} subjectId={subject.subjectId} />
                <ActionCell
                  running={pending.has(subject.subjectId)}
                  variant="outlined"
                  onClick={() => publish(subject.subjectId)}
                >
                  Publish Latest Draft
                </ActionCell>
              </TableRow>
            ))}
          </SubjectTable>
        )}
      </CardContent>
    </Card>
  );
};
