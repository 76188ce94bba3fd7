import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GradedQuestion, QuizQuestion } from '../../../api';
import { QuizHtml } from './QuizHtml';

/**
 * One question after grading: correct or not and the learner's answer. A diagnostic's or post test's key and
 * explanations are never sent (their items are assessment items), so the right choice is not shown.
 */
export function AnswerReview({
  index,
  question: q,
  chosenId,
  graded: g,
}: {
  index: number;
  question: QuizQuestion;
  chosenId: string | undefined;
  graded: GradedQuestion | undefined;
}) {
  const correct = !!g?.correct;
  const chosen = q.choices.find((c) => c.id === chosenId);
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-label={`Question ${index + 1}`}
      data-correct={correct ? 'true' : 'false'}
      sx={{ p: { xs: 2, sm: 3 }, borderColor: correct ? 'success.main' : 'error.main' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="overline" color="text.secondary">
          Question {index + 1}
        </Typography>
        <Chip size="small" label={correct ? 'Correct' : 'Incorrect'} color={correct ? 'success' : 'error'} />
      </Stack>
      <Typography component="div" sx={{ fontWeight: 600, mb: 1 }}>
        <QuizHtml html={q.stemHtml} />
      </Typography>
      <Typography variant="body2" component="div">
        Your answer: {chosen ? <QuizHtml html={chosen.textHtml} /> : '—'}
      </Typography>
    </Paper>
  );
}
