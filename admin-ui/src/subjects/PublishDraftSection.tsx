import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { HttpError, useLogoutIfAccessDenied, useNotify } from 'react-admin';

import { apiErrorMessage } from './coursesApi';
import { publishDraft } from './subjectsApi';
import type { SubjectsLoad } from './useSubjects';

export const PUBLISHING = 'Publishing...';
export const PUBLISHED = 'Published draft';
export const PUBLISH_FAILED = 'Publish failed';

/**
 * Publish Latest Draft: one action per subject turns the draft overlay into a new live version.
 * A 409 (nothing to publish) shows the server's own message.
 */
export const PublishDraftSection = ({ load }: { load: SubjectsLoad }) => {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const inFlight = useRef(new Set<string>());

  const mark = (subjectId: string, running: boolean) => {
    if (running) inFlight.current.add(subjectId);
    else inFlight.current.delete(subjectId);
    setPending(new Set(inFlight.current));
  };

  const publish = async (subjectId: string) => {
    if (inFlight.current.has(subjectId)) return;
    mark(subjectId, true);
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
      mark(subjectId, false);
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

        {load.state === 'loading' && (
          <Box role="status" aria-label="Loading subjects" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={28} />
          </Box>
        )}
        {load.state === 'error' && <Alert severity="error">Could not load the subjects: {load.message}</Alert>}
        {load.state === 'loaded' && load.subjects.length === 0 && (
          <Typography color="text.secondary">No subjects yet.</Typography>
        )}
        {load.state === 'loaded' && load.subjects.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label="Subjects">
              <TableHead>
                <TableRow>
                  <TableCell>Subject</TableCell>
                  <TableCell>ID</TableCell>
                  <TableCell align="right">Action</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {load.subjects.map(subject => {
                  const running = pending.has(subject.subjectId);
                  return (
                    <TableRow key={subject.subjectId}>
                      <TableCell component="th" scope="row">
                        {subject.title}
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace' }}>
                          {subject.subjectId}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          variant="outlined"
                          disabled={running}
                          onClick={() => publish(subject.subjectId)}
                          startIcon={running ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
                        >
                          Publish Latest Draft
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
};
