import Typography from '@mui/material/Typography';
import { useSubjectName } from '../../subjects/hooks/useSubjects';

/** The chosen subject, or a prompt to pick one with the selector in the top bar. */
export function FocusSubject({ subject }: { subject: string | null }) {
  const name = useSubjectName(subject);
  return (
    <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="focus-subject">
      {name ? (
        <>
          Focus subject: <strong>{name}</strong>
        </>
      ) : (
        'Choose a subject with the selector at the top to focus your learning.'
      )}
    </Typography>
  );
}
