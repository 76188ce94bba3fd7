import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import type { PracticeCard, PracticeReviewResult } from '../../../api';
import { describeDue } from '../hooks';

/** Before the session: what practice is, and Start Practice. */
export function PracticeIntro({ onStart }: { onStart: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        Spaced-repetition practice
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 520, mx: 'auto' }}>
        Answer a question on each due topic, then rate how well you knew it. Cards you find hard come back sooner; the
        ones you know well wait longer.
      </Typography>
      <Button variant="contained" size="large" onClick={onStart}>
        Start Practice
      </Button>
    </Paper>
  );
}

/** No card is due. */
export function PracticeCaughtUp({ subjectId, onCheckAgain }: { subjectId: string; onCheckAgain: () => void }) {
  return (
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
        <Button variant="text" onClick={onCheckAgain}>
          Check again
        </Button>
      </Stack>
    </Paper>
  );
}

/** After a rating: when the card comes back, and the next question ("Great job" was the feedback's, if earned). */
export function PracticeRated({
  card,
  result,
  onNext,
}: {
  card: PracticeCard;
  result: PracticeReviewResult;
  onNext: () => void;
}) {
  const nextRef = useRef<HTMLButtonElement>(null);
  // the rating buttons are gone: focus goes on to what comes next
  useEffect(() => nextRef.current?.focus(), []);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="practice-next-due"
      sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}
    >
      <Typography sx={{ fontWeight: 600 }} data-testid="practice-next-due" id="practice-next-due">
        {card.title}: next review {describeDue(result)}.
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }} data-testid="practice-result">
        {result.correct === true
          ? 'Your answer was correct.'
          : result.correct === false
            ? 'Your answer was not correct.'
            : 'Your rating was saved.'}
      </Typography>
      <Button ref={nextRef} variant="contained" size="large" onClick={onNext}>
        Next Question
      </Button>
    </Paper>
  );
}
