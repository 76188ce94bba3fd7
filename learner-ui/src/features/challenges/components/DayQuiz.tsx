import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  challengeApi,
  type ChallengeQuizQuestion,
  type ChallengeQuizResult,
  type DayQuizProgress,
} from '../../../api/challenges';
import { formatLocalDateTime, formatScore } from '../format';
import { quizLimitText, submitErrorMessage } from './submitError';
import { PassChip } from './PassChip';

/**
 * The day's quiz: a radio group per question, Submit once each has an answer, then the score the
 * server graded. Options come in the order the server served to this learner (it grades positions in
 * that order, and serves a new one after a try that did not pass, so the choices are reset then). The
 * right answers arrive only once the quiz is passed. Three tries a day: the result says how many are left,
 * and a fourth is refused (429) with the time to try again.
 */
export function DayQuiz({
  cid,
  day,
  questions,
  best,
  onGraded,
}: {
  cid: string;
  day: number;
  questions: ChallengeQuizQuestion[];
  best: DayQuizProgress | null;
  onGraded: () => void;
}) {
  const baseId = useId();
  const [answers, setAnswers] = useState<(number | null)[]>(() => questions.map(() => null));
  // A new served order (after a try that did not pass): earlier choices point at other options now.
  const order = JSON.stringify(questions.map((question) => question.options));
  const [answeredOrder, setAnsweredOrder] = useState(order);
  if (answeredOrder !== order) {
    setAnsweredOrder(order);
    setAnswers(questions.map(() => null));
  }
  const passed = questions.length > 0 && questions.every((question) => question.correct_option !== null);
  const resultRef = useRef<HTMLDivElement>(null);
  const submit = useMutation({
    mutationFn: (chosen: number[]) => challengeApi.submitQuiz(cid, day, chosen),
    onSuccess: onGraded,
  });
  const allAnswered = answers.length > 0 && answers.every((a) => a !== null);

  useEffect(() => {
    if (submit.isSuccess) resultRef.current?.focus();
  }, [submit.isSuccess, submit.data]);

  if (questions.length === 0) {
    return <Typography color="text.secondary">This day has no quiz.</Typography>;
  }

  const choose = (index: number, option: number) => {
    if (submit.isSuccess || submit.isError) submit.reset();
    setAnswers((current) => current.map((a, i) => (i === index ? option : a)));
  };

  return (
    <Box>
      {passed && (
        <Alert severity="success" sx={{ mb: 2 }}>
          You passed this quiz: the right answers are shown below each question.
        </Alert>
      )}
      {best && !submit.isSuccess && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Your best score so far: {formatScore(best.score)} ({best.passed ? 'passed' : 'not passed'}). You can try
          again; the higher score counts.
        </Typography>
      )}
      <Stack spacing={2} sx={{ mb: 2 }}>
        {questions.map((question, i) => {
          const stemId = `${baseId}-q${i}`;
          return (
            <Paper
              key={i}
              variant="outlined"
              component="section"
              aria-labelledby={stemId}
              sx={{ p: { xs: 2, sm: 2.5 } }}
            >
              <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
                Question {i + 1} of {questions.length}
              </Typography>
              <Typography id={stemId} sx={{ fontWeight: 600, mb: 1 }}>
                {question.q}
              </Typography>
              <RadioGroup
                aria-labelledby={stemId}
                name={`${baseId}-question-${i}`}
                value={answers[i] === null ? '' : String(answers[i])}
                onChange={(e) => choose(i, Number(e.target.value))}
                sx={{ gap: 0.5 }}
              >
                {question.options.map((option, o) => (
                  <FormControlLabel
                    key={o}
                    value={String(o)}
                    control={<Radio />}
                    label={option}
                    disabled={submit.isPending}
                    sx={{
                      alignItems: 'flex-start',
                      '& .MuiRadio-root': { pt: 0.5 },
                      '& .MuiFormControlLabel-label': { pt: 0.75 },
                    }}
                  />
                ))}
              </RadioGroup>
              {question.correct_option !== null && question.options[question.correct_option] !== undefined && (
                <Typography variant="body2" color="success.main" sx={{ mt: 1, fontWeight: 600 }}>
                  Right answer: {question.options[question.correct_option]}
                </Typography>
              )}
            </Paper>
          );
        })}
      </Stack>

      {submit.isError && (
        <Alert severity="error" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {submitErrorMessage(submit.error, 'Could not submit the quiz. Please try again.')}
        </Alert>
      )}

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          onClick={() => submit.mutate(answers as number[])}
          disabled={!allAnswered || submit.isPending}
          startIcon={submit.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {submit.isPending ? 'Submitting...' : 'Submit'}
        </Button>
        {!allAnswered && (
          <Typography variant="body2" color="text.secondary">
            Answer every question to submit.
          </Typography>
        )}
      </Stack>

      {submit.isSuccess && <QuizResult ref={resultRef} result={submit.data} />}
    </Box>
  );
}

function QuizResult({ result, ref }: { result: ChallengeQuizResult; ref: Ref<HTMLDivElement> }) {
  return (
    <Paper
      ref={ref}
      tabIndex={-1}
      variant="outlined"
      role="region"
      aria-label="Quiz result"
      data-testid="quiz-result"
      sx={{ p: 2, mt: 2, outlineOffset: 2 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>Score: {formatScore(result.score)}</Typography>
        <PassChip passed={result.passed} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {result.retryAt
          ? quizLimitText(formatLocalDateTime(result.retryAt))
          : `${result.triesLeftToday} ${result.triesLeftToday === 1 ? 'try' : 'tries'} left today.`}
      </Typography>
    </Paper>
  );
}
