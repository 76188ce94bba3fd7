import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import { DEFAULT_SUBJECT } from '../notes/hooks';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { useSubjectName } from '../subjects/hooks/useSubjects';
import { PracticeCaughtUp, PracticeIntro, PracticeRated } from './components/PracticePanels';
import { PracticeQuestion } from './components/PracticeQuestion';
import { PracticeStatsGrid } from './components/PracticeStatsGrid';
import { usePracticeStats } from './hooks';
import { usePracticeSession } from './usePracticeSession';

/** /practice?subject (default metabolic): spaced-repetition session. */
export function PracticePage() {
  const [subjectParam] = useSubjectParam();
  const subjectId = subjectParam ?? DEFAULT_SUBJECT;
  return <PracticeSession key={subjectId} subjectId={subjectId} />;
}

function PracticeSession({ subjectId }: { subjectId: string }) {
  const subjectName = useSubjectName(subjectId);
  const stats = usePracticeStats(subjectId);
  const session = usePracticeSession(subjectId, stats.data?.totalReviews);
  const { phase, card, result, streak } = session;
  const loadNext = () => void session.loadNext();

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 3 }}
      >
        <Box>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
            Practice
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subjectName ?? subjectId}
          </Typography>
        </Box>
        {phase !== 'intro' && (
          <Chip
            icon={<LocalFireDepartmentIcon />}
            color={streak > 0 ? 'warning' : 'default'}
            label={`Session streak: ${streak}`}
            data-testid="session-streak"
            aria-live="polite"
          />
        )}
      </Stack>

      <PracticeStatsGrid stats={stats} />

      {phase === 'intro' && <PracticeIntro onStart={loadNext} />}

      {phase === 'loading' && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading practice cards" />
        </Box>
      )}

      {phase === 'error' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={loadNext}>
              Try again
            </Button>
          }
        >
          {session.loadError}
        </Alert>
      )}

      {phase === 'empty' && <PracticeCaughtUp subjectId={subjectId} onCheckAgain={loadNext} />}

      {card && (phase === 'question' || phase === 'answering' || phase === 'answered' || phase === 'reviewing') && (
        <PracticeQuestion
          card={card}
          choice={session.choice}
          answer={session.answer}
          gradedBefore={session.gradedBefore}
          busy={phase === 'answering' || phase === 'reviewing'}
          onChoose={(optionId) => void session.choose(optionId)}
          onRate={(rating) => void session.rate(rating)}
        />
      )}

      {phase === 'rated' && card && result && <PracticeRated card={card} result={result} onNext={loadNext} />}
    </Box>
  );
}
