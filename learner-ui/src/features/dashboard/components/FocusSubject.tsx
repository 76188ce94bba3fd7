import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lecturesPath } from '../../graph/links';
import { useSubjectName } from '../../subjects/hooks/useSubjects';

/** The chosen subject with a link to its lectures, or a prompt to pick one with the selector in the top bar. */
export function FocusSubject({ subject }: { subject: string | null }) {
  const name = useSubjectName(subject);
  return (
    <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="focus-subject">
      {name ? (
        <>
          Focus subject: <strong>{name}</strong>
          {subject && (
            <>
              {' · '}
              <Link component={RouterLink} to={lecturesPath(subject)}>
                Lectures
              </Link>
            </>
          )}
        </>
      ) : (
        'Choose a subject with the selector at the top to focus your learning.'
      )}
    </Typography>
  );
}
