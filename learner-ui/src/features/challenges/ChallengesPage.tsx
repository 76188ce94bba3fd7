import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { errorMessage } from '../../api';
import { LoadError, Loading } from './components/PageState';
import { PageTitle } from './components/PageTitle';
import { useChallengeList } from './hooks';
import { challengePath, MY_CERTIFICATES_PATH } from './links';

export const NO_CHALLENGES = 'No challenges yet. Guided multi-day challenges appear here when a course offers them.';

/** /challenges: every challenge with its tagline and length, each linking to its syllabus. */
export function ChallengesPage() {
  const challenges = useChallengeList();

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <PageTitle parts={['Challenges']} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
          Challenges
        </Typography>
        <Button
          component={RouterLink}
          to={MY_CERTIFICATES_PATH}
          variant="outlined"
          startIcon={<WorkspacePremiumIcon aria-hidden />}
        >
          My certificates
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        Guided multi-day programmes: a short lesson, a quiz and a micro project each day.
      </Typography>

      {challenges.isPending ? (
        <Loading label="Loading challenges" />
      ) : challenges.isError ? (
        <LoadError
          message={errorMessage(challenges.error, 'Could not load the challenges.')}
          onRetry={() => void challenges.refetch()}
        />
      ) : challenges.data.length === 0 ? (
        <Typography color="text.secondary">{NO_CHALLENGES}</Typography>
      ) : (
        <Stack component="ul" aria-label="Challenges" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {challenges.data.map((c) => (
            <Paper
              key={c.id}
              component="li"
              variant="outlined"
              aria-labelledby={`challenge-${c.id}`}
              sx={{ p: { xs: 2, sm: 3 } }}
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
              >
                <Typography
                  id={`challenge-${c.id}`}
                  component="h2"
                  variant="h6"
                  sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
                >
                  <Link component={RouterLink} to={challengePath(c.id)} underline="hover">
                    {c.name}
                  </Link>
                </Typography>
                <Chip
                  label={`${c.daysCount} ${c.daysCount === 1 ? 'day' : 'days'}`}
                  size="small"
                  variant="outlined"
                  sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
                />
              </Stack>
              {c.tagline && (
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {c.tagline}
                </Typography>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}
