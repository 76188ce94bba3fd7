import { useCallback, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import {
  errorMessage,
  practiceApi,
  PRACTICE_RATINGS,
  type PracticeCard,
  type PracticeRating,
  type PracticeReviewResult,
} from '../../api';
import { useAuth } from '../auth/auth-context';
import { StatCard } from '../common/StatCard';
import { formatDate } from '../common/dates';
import { masteryAffectedKeys } from '../mastery/keys';
import { DEFAULT_SUBJECT } from '../notes/hooks';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { useSubjectName } from '../subjects/hooks/useSubjects';
import { useToast } from '../toast/toast-context';
import { formatAccuracy, nextStreak, usePracticeStats } from './hooks';

export const PRACTICE_BATCH = 10;

/** /practice?subject (default metabolic): spaced-repetition session. */
export function PracticePage() {
  const [subjectParam] = useSubjectParam();
  const subjectId = subjectParam ?? DEFAULT_SUBJECT;
  return <PracticeSession key={subjectId} subjectId={subjectId} />;
}

type Phase = 'intro' | 'loading' | 'question' | 'reviewing' | 'rated' | 'empty' | 'error';

/** Next due as words: 'later today', 'tomorrow', 'in 3 days (Mar 4, 2026)'. */
export function describeDue(result: Pick<PracticeReviewResult, 'due' | 'scheduledDays'>): string {
  const days = result.scheduledDays;
  const date = formatDate(result.due);
  if (typeof days === 'number') {
    if (days < 1) return 'later today';
    if (days === 1) return date ? `tomorrow (${date})` : 'tomorrow';
    return date ? `in ${days} days (${date})` : `in ${days} days`;
  }
  return date || 'soon';
}

function PracticeSession({ subjectId }: { subjectId: string }) {
  const { user } = useAuth();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const subjectName = useSubjectName(subjectId);
  const stats = usePracticeStats(subjectId);

  const [phase, setPhase] = useState<Phase>('intro');
  const [card, setCard] = useState<PracticeCard | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [result, setResult] = useState<PracticeReviewResult | null>(null);
  const [loadError, setLoadError] = useState('');
  const [streak, setStreak] = useState(0);
  const seeded = useRef(false);
  const loading = useRef(false);

  const refreshAfterReview = useCallback(() => {
    for (const queryKey of masteryAffectedKeys(user?.email)) void queryClient.invalidateQueries({ queryKey });
  }, [queryClient, user?.email]);

  const loadNext = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    setPhase('loading');
    setChoice(null);
    setResult(null);
    try {
      let cards = await practiceApi.next(subjectId, PRACTICE_BATCH);
      // No cards yet: create one per topic (the server does nothing when the learner has some).
      if (cards.length === 0 && !seeded.current && (stats.data?.totalReviews ?? 0) === 0) {
        seeded.current = true;
        await practiceApi.seed(subjectId);
        cards = await practiceApi.next(subjectId, PRACTICE_BATCH);
        refreshAfterReview();
      }
      if (cards.length === 0) {
        setCard(null);
        setPhase('empty');
      } else {
        setCard(cards[0]);
        setPhase('question');
      }
    } catch (err) {
      setLoadError(errorMessage(err, 'Practice cards could not be loaded.'));
      setPhase('error');
    } finally {
      loading.current = false;
    }
  }, [subjectId, stats.data?.totalReviews, refreshAfterReview]);

  const rate = async (rating: PracticeRating) => {
    if (!card || phase !== 'question') return;
    setPhase('reviewing');
    try {
      const res = await practiceApi.review({
        subjectId,
        nodeId: card.nodeId,
        rating,
        questionId: card.questionId ?? undefined,
        answer: choice ?? undefined,
      });
      setResult(res);
      setStreak((s) => nextStreak(s, rating));
      setPhase('rated');
      refreshAfterReview();
    } catch (err) {
      setPhase('question');
      toast({
        title: 'Review failed',
        description: errorMessage(err, 'Your rating could not be saved. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const s = stats.data;
  const options = card?.options ?? [];
  const showRating = !!card && (choice !== null || options.length === 0);

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

      {stats.isError && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {errorMessage(stats.error, 'Practice statistics could not be loaded.')}
        </Alert>
      )}

      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Cards Due" value={s?.due ?? 0} loading={stats.isLoading} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Completed Today" value={s?.completedToday ?? 0} loading={stats.isLoading} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Accuracy" value={formatAccuracy(s?.accuracy)} loading={stats.isLoading} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Streak" value={s ? `${s.streak} ${s.streak === 1 ? 'day' : 'days'}` : '0 days'} loading={stats.isLoading} />
        </Grid>
      </Grid>

      {phase === 'intro' && (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            Spaced-repetition practice
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 520, mx: 'auto' }}>
            Answer a question on each due topic, then rate how well you knew it. Cards you find hard come back
            sooner; the ones you know well wait longer.
          </Typography>
          <Button variant="contained" size="large" onClick={() => void loadNext()}>
            Start Practice
          </Button>
        </Paper>
      )}

      {phase === 'loading' && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading practice cards" />
        </Box>
      )}

      {phase === 'error' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void loadNext()}>
              Try again
            </Button>
          }
        >
          {loadError}
        </Alert>
      )}

      {phase === 'empty' && (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <CheckCircleOutlineIcon color="success" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
          <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            All caught up
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            No cards are due right now. Come back later for your next review, or keep learning in the graph.
          </Typography>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button component={RouterLink} to={`/graph?subject=${encodeURIComponent(subjectId)}`} variant="contained">
              Back to Graph
            </Button>
            <Button component={RouterLink} to="/mastery" variant="outlined">
              View Mastery
            </Button>
            <Button variant="text" onClick={() => void loadNext()}>
              Check again
            </Button>
          </Stack>
        </Paper>
      )}

      {card && (phase === 'question' || phase === 'reviewing') && (
        <Paper variant="outlined" component="section" aria-labelledby="practice-topic" sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="overline" color="text.secondary">
            Topic
          </Typography>
          <Typography id="practice-topic" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
            {card.title}
          </Typography>
          <Typography id="practice-question" sx={{ fontWeight: 600, mb: 2 }}>
            {card.question}
          </Typography>
          <Stack spacing={1} role="group" aria-labelledby="practice-question">
            {options.map((o) => {
              const selected = choice === o.id;
              return (
                <Button
                  key={o.id}
                  variant={selected ? 'contained' : 'outlined'}
                  aria-pressed={selected}
                  disabled={choice !== null && !selected}
                  onClick={() => {
                    if (choice === null) setChoice(o.id);
                  }}
                  sx={{ justifyContent: 'flex-start', textTransform: 'none', textAlign: 'left', py: 1.25 }}
                >
                  {o.text}
                </Button>
              );
            })}
          </Stack>

          {showRating && (
            <Box sx={{ mt: 3 }} role="group" aria-labelledby="practice-rate">
              <Typography id="practice-rate" sx={{ fontWeight: 600, mb: 1 }}>
                How well did you know this?
              </Typography>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                {PRACTICE_RATINGS.map(({ label, value }) => (
                  <Button
                    key={label}
                    variant={value >= 3 ? 'contained' : 'outlined'}
                    color={value === 0 ? 'error' : value === 1 ? 'warning' : value === 3 ? 'primary' : 'success'}
                    disabled={phase === 'reviewing'}
                    onClick={() => void rate(value)}
                  >
                    {label}
                  </Button>
                ))}
              </Stack>
            </Box>
          )}
        </Paper>
      )}

      {phase === 'rated' && card && result && (
        <Paper variant="outlined" component="section" aria-labelledby="practice-done" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography id="practice-done" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            Great job
          </Typography>
          <Typography sx={{ mt: 1 }} data-testid="practice-result">
            {result.correct === true
              ? 'Your answer was correct.'
              : result.correct === false
                ? 'Your answer was not correct.'
                : 'Your rating was saved.'}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }} data-testid="practice-next-due">
            {card.title}: next review {describeDue(result)}.
          </Typography>
          <Button variant="contained" size="large" onClick={() => void loadNext()}>
            Next Question
          </Button>
        </Paper>
      )}
    </Box>
  );
}
