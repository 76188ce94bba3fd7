import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QuizQuestion } from '../../../api';
import { QuestionCard } from './QuestionCard';

/** The questions with a sticky "answered" bar, and Submit once every question has an answer. */
export function QuizForm({
  questions,
  answers,
  answeredCount,
  allAnswered,
  submitting,
  onAnswer,
  onSubmit,
}: {
  questions: QuizQuestion[];
  answers: Record<string, string>;
  answeredCount: number;
  allAnswered: boolean;
  submitting: boolean;
  onAnswer: (questionId: string, choiceId: string) => void;
  onSubmit: () => void;
}) {
  const pct = questions.length ? Math.round((answeredCount / questions.length) * 100) : 0;
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 3, position: 'sticky', top: 72, zIndex: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="quiz-progress">
            {answeredCount} of {questions.length} answered
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {pct}%
          </Typography>
        </Stack>
        <LinearProgress variant="determinate" value={pct} aria-label="Answered" sx={{ height: 8, borderRadius: 4 }} />
      </Paper>

      {questions.length === 0 ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          This assessment has no questions yet.
        </Alert>
      ) : (
        <Stack spacing={2} sx={{ mb: 3 }}>
          {questions.map((q, i) => (
            <QuestionCard
              key={q.id}
              index={i}
              total={questions.length}
              question={q}
              value={answers[q.id] ?? ''}
              disabled={submitting}
              onChange={(choiceId) => onAnswer(q.id, choiceId)}
            />
          ))}
        </Stack>
      )}

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          variant="contained"
          size="large"
          onClick={onSubmit}
          disabled={!allAnswered || submitting}
          startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {submitting ? 'Submitting...' : 'Submit'}
        </Button>
        {!allAnswered && questions.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            Answer every question to submit.
          </Typography>
        )}
      </Stack>
    </>
  );
}
