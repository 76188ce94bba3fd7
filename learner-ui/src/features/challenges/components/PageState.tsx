import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { shopPath } from '../../catalog/links';
import { useSubjectName } from '../../subjects/hooks/useSubjects';

export function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** A failed load with the server's reason and a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
      sx={{ overflowWrap: 'anywhere' }}
    >
      {message}
    </Alert>
  );
}

/** 404 of a challenge, a day or a certificate: a heading and a way back. */
export function NotFoundPanel({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * A 403 from the challenge calls: the learner has no active entitlement to the challenge's subject.
 * Shows the server's message and leads to the shop for that subject.
 */
export function NoCourseAccess({ subjectId, message }: { subjectId: string | null; message: string }) {
  const subjectName = useSubjectName(subjectId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="no-access-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <LockOutlinedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography id="no-access-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {message}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            {subjectName
              ? `This challenge is part of ${subjectName}. Buy access to the course to enrol and open its days.`
              : 'Buy access to the course to enrol and open its days.'}
          </Typography>
          <Button component={RouterLink} to={shopPath(subjectId)} variant="contained">
            Go to the shop
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
