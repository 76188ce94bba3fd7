import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import HeadphonesOutlinedIcon from '@mui/icons-material/HeadphonesOutlined';
import { useAuth } from '../../auth/auth-context';
import { lecturesPath, quizPath } from '../links';

/** Title, the subject, the assessments (the clinician one only on the vagus course), the course's Lectures and Refresh. */
export function GraphHeader({
  subjectLabel,
  subjectId,
  isVagus,
  refreshing,
  onRefresh,
}: {
  subjectLabel: string;
  subjectId: string;
  isVagus: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { hasRole } = useAuth();
  const clinician = hasRole('clinician');
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' }, mb: 3 }}
    >
      <Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
          Learning Graph
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {subjectLabel}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button component={RouterLink} to={quizPath(subjectId, 'diag')} variant="contained">
          Take Diagnostic
        </Button>
        <Button component={RouterLink} to={quizPath(subjectId, 'final')} variant="outlined">
          Take Post Test
        </Button>
        {isVagus &&
          (clinician ? (
            <Button component={RouterLink} to={quizPath(subjectId, 'diag-clinician')} variant="outlined">
              Clinician Diagnostic
            </Button>
          ) : (
            <Tooltip title="Requires clinician access">
              <span data-testid="clinician-diagnostic">
                <Button variant="outlined" disabled>
                  Clinician Diagnostic
                </Button>
              </span>
            </Tooltip>
          ))}
        <Button
          component={RouterLink}
          to={lecturesPath(subjectId)}
          variant="text"
          startIcon={<HeadphonesOutlinedIcon />}
        >
          Lectures
        </Button>
        <Button variant="text" startIcon={<RefreshIcon />} onClick={onRefresh} disabled={refreshing}>
          Refresh
        </Button>
      </Stack>
    </Stack>
  );
}
