import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRACTICE_RATINGS, type PracticeAnswerResult, type PracticeCard, type PracticeRating } from '../../../api';
import { intervalWords } from '../hooks';
import { AnswerFeedback } from '../../common/AnswerFeedback';

/**
 * The card's question and options. Once an option is chosen and graded: "Great job" (right) or "Not quite"
 * (wrong), the correct answer and the explanation, then the rating step with each rating's interval.
 */
export function PracticeQuestion({
  card,
  choice,
  answer,
  gradedBefore = false,
  busy,
  onChoose,
  onRate,
}: {
  card: PracticeCard;
  choice: string | null;
  /** the graded answer; null until then */
  answer: PracticeAnswerResult | null;
  /** the card's answer was graded before this page (a reload before rating): only the rating is left */
  gradedBefore?: boolean;
  /** an answer or a rating is on its way */
  busy: boolean;
  onChoose: (optionId: string) => void;
  onRate: (rating: PracticeRating) => void;
}) {
  const { options } = card;
  // a card without a question (a topic with no check items) can only be rated
  const showRating = answer !== null || gradedBefore || options.length === 0;
  const feedbackRef = useRef<HTMLDivElement>(null);
  const graded = answer !== null;
  useEffect(() => {
    if (graded) feedbackRef.current?.focus();
  }, [graded]);

  const textOf = (id: string) => options.find((o) => o.id === id)?.text ?? id;
  const intervalOf = (rating: PracticeRating) => answer?.intervals.find((i) => i.rating === rating);

  return (
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
          const isKey = answer?.correctAnswer === o.id;
          return (
            <Button
              key={o.id}
              variant={selected ? 'contained' : 'outlined'}
              color={answer && selected && !answer.correct ? 'warning' : isKey ? 'success' : 'primary'}
              aria-pressed={selected}
              disabled={(choice !== null || gradedBefore) && !selected}
              onClick={() => onChoose(o.id)}
              sx={{ justifyContent: 'flex-start', textTransform: 'none', textAlign: 'left', py: 1.25 }}
            >
              {o.text}
            </Button>
          );
        })}
      </Stack>

      {answer && (
        <AnswerFeedback
          correct={answer.correct}
          heading={answer.correct ? 'Great job' : 'Not quite'}
          headingId="practice-feedback"
          headingVariant="h6"
          correctAnswer={textOf(answer.correctAnswer)}
          explanationHtml={answer.explanation}
          testIds={{
            box: 'practice-feedback',
            correctAnswer: 'practice-correct-answer',
            explanation: 'practice-explanation',
          }}
          feedbackRef={feedbackRef}
        />
      )}

      {gradedBefore && (
        <Typography sx={{ mt: 3 }} data-testid="practice-graded-before">
          You answered this card before. Rate how well you knew it.
        </Typography>
      )}

      {showRating && (
        <Box sx={{ mt: 3 }} role="group" aria-labelledby="practice-rate">
          <Typography id="practice-rate" sx={{ fontWeight: 600, mb: 1 }}>
            How well did you know this?
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {PRACTICE_RATINGS.map(({ label, value }) => {
              const interval = intervalOf(value);
              return (
                <Button
                  key={label}
                  variant={value >= 3 ? 'contained' : 'outlined'}
                  color={value === 0 ? 'error' : value === 1 ? 'warning' : value === 3 ? 'primary' : 'success'}
                  disabled={busy}
                  onClick={() => onRate(value)}
                >
                  {interval ? `${label} · ${intervalWords(interval.scheduledDays)}` : label}
                </Button>
              );
            })}
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
