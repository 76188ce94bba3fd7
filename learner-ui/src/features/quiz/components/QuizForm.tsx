import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QuizProgress, QuizQuestion } from '../../../api';
import { QuestionCard } from './QuestionCard';

/** 'About 4 questions remain' (an adaptive test stops when it knows enough, so it is an estimate). */
export function remainingText(remaining: number): string {
  if (remaining <= 1) return 'About 1 more question';
  return `About ${remaining} more questions`;
}

/**
 * The adaptive test's current question: 'Question N', about how many remain, the choices, and
 * Submit once one is chosen. Finish now ends the attempt with the answers given so far.
 */
export function QuizForm({
  number,
  question,
  progress,
  choice,
  submitting,
  onChoose,
  onSubmit,
  onFinish,
}: {
  /** 1-based number of the current question */
  number: number;
  question: QuizQuestion | null;
  progress: QuizProgress | null;
  choice: string;
  submitting: boolean;
  onChoose: (choiceId: string) => void;
  onSubmit: () => void;
  onFinish: () => void;
}) {
  const answered = progress?.answered ?? number - 1;
  const remaining = Math.max(1, progress?.remaining ?? 1);
  const pct = Math.round((answered / (answered + remaining)) * 100);

  // Each new question takes the focus, so keyboard and screen reader users continue from it.
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [question?.id]);

  if (!question) {
    return (
      <Alert severity="info" sx={{ mb: 3 }}>
        This assessment has no questions yet.
      </Alert>
    );
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (choice && !submitting) onSubmit();
      }}
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1, gap: 2, flexWrap: 'wrap' }}>
          <Typography
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700 }}
            ref={heading}
            tabIndex={-1}
            data-testid="quiz-question-number"
          >
            Question {number}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="quiz-progress">
            {remainingText(remaining)}
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={pct}
          aria-label={`${answered} answered, ${remainingText(remaining).toLowerCase()}`}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Paper>

      <QuestionCard index={number - 1} question={question} value={choice} disabled={submitting} onChange={onChoose} />

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 3, flexWrap: 'wrap', rowGap: 1.5 }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!choice || submitting}
          startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {submitting ? 'Submitting...' : 'Submit'}
        </Button>
        {answered > 0 && (
          <Button variant="text" onClick={onFinish} disabled={submitting}>
            Finish now
          </Button>
        )}
        {!choice && (
          <Typography variant="body2" color="text.secondary">
            Choose an answer to submit.
          </Typography>
        )}
      </Stack>
    </form>
  );
}
