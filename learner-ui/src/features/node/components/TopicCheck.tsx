import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  errorMessage,
  learningApi,
  type CheckAnswered,
  type CheckItem,
  type CheckProgress,
  type PathNext,
  type TopicNode,
} from '../../../api';
import { useAuth } from '../../auth/auth-context';
import { masteryAffectedKeys } from '../../mastery/keys';
import { useToast } from '../../toast/toast-context';
import { nodePath, practicePath, quizPath } from '../../graph/links';
import { HtmlContent } from '../HtmlContent';
import { AnswerFeedback } from '../../common/AnswerFeedback';

export const CHECK_INCOMPLETE_HINT = 'Review the lesson or practise this topic to complete it';

/** Where "Complete and continue" goes for the path's next step. */
export function nextStepPath(next: PathNext, subjectId: string): string {
  if (next.type === 'topic') return nodePath(next.topic.id, subjectId);
  if (next.type === 'post_test') return quizPath(subjectId, 'final');
  return practicePath(subjectId);
}

/**
 * Which item to show when the page opens: the first one without an answer, or, when the learner had
 * answered the one before it, that one with its feedback (a reload right after answering shows it again).
 * With every item answered, the last one and the summary.
 */
function startIndex(items: CheckItem[]): number {
  const first = items.findIndex((i) => !i.answered);
  if (first === -1) return items.length - 1;
  return Math.max(0, first - 1);
}

/**
 * Check your understanding: the topic's check items, one at a time. Choosing an option and "Check answer"
 * posts it; the feedback says right or wrong, the correct choice and the explanation, then "Next question".
 * Once every item is answered: the summary and "Complete and continue" (or "Continue" with what to do) to
 * the path's next step. Nothing without check items.
 */
export default function TopicCheck({ node, subjectId }: { node: TopicNode; subjectId: string }) {
  const items = node.micro_quiz;
  const { user } = useAuth();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const [answers, setAnswers] = useState<Map<string, CheckAnswered>>(
    () => new Map(items.filter((i) => i.answered).map((i) => [i.id, i.answered as CheckAnswered])),
  );
  const [index, setIndex] = useState(() => startIndex(items));
  const [choice, setChoice] = useState<string>('');
  const [posting, setPosting] = useState(false);
  // the server's figures after the last answer (they count first answers only, over every device)
  const [latest, setLatest] = useState<{ check: CheckProgress; complete: boolean } | null>(null);
  const [continuing, setContinuing] = useState(false);
  const [continueError, setContinueError] = useState('');
  const feedbackRef = useRef<HTMLDivElement>(null);
  const stemRef = useRef<HTMLDivElement>(null);
  const moved = useRef<'feedback' | 'stem' | null>(null);

  useEffect(() => {
    if (moved.current === 'feedback') feedbackRef.current?.focus();
    if (moved.current === 'stem') stemRef.current?.focus();
    moved.current = null;
  });

  if (items.length === 0) return null;

  const item = items[Math.min(index, items.length - 1)];
  const answered = answers.get(item.id);
  const check = latest?.check ?? node.check;
  const complete = latest?.complete ?? node.complete;
  const allAnswered = items.every((i) => answers.has(i.id));
  const after = items.findIndex((i, j) => j > index && !answers.has(i.id));
  const nextIndex = after === -1 ? items.findIndex((i) => !answers.has(i.id)) : after;
  const stemId = `check-stem-${item.id}`;

  const submit = async () => {
    if (!choice || posting || answered) return;
    setPosting(true);
    try {
      const res = await learningApi.answerCheck(node.id, { subjectId, questionId: item.id, answer: choice });
      setAnswers((prev) =>
        new Map(prev).set(item.id, {
          answer: choice,
          correct: res.correct,
          correctAnswer: res.correctAnswer,
          explanation: res.explanation,
        }),
      );
      setLatest({ check: res.check, complete: res.complete });
      moved.current = 'feedback';
      // the mastery card, the graph's cards and the path read what this answer changed
      for (const queryKey of masteryAffectedKeys(user?.email)) void queryClient.invalidateQueries({ queryKey });
    } catch (err) {
      toast({
        title: 'Answer not saved',
        description: errorMessage(err, 'Your answer could not be checked. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setPosting(false);
    }
  };

  const goNext = () => {
    if (nextIndex === -1) return;
    setIndex(nextIndex);
    setChoice('');
    moved.current = 'stem';
  };

  const continueOn = async () => {
    setContinuing(true);
    setContinueError('');
    try {
      const path = await learningApi.path(subjectId, node.id);
      void navigate(nextStepPath(path.next, subjectId));
    } catch (err) {
      setContinueError(errorMessage(err, 'The next step could not be loaded. Please try again.'));
      setContinuing(false);
    }
  };

  const choiceText = (id: string) => item.choices.find((c) => c.id === id)?.textHtml ?? id;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="topic-check-heading"
      sx={{ p: { xs: 2.5, sm: 3.5 }, mt: 3 }}
      data-testid="topic-check"
    >
      <Typography id="topic-check-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Check your understanding
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }} data-testid="check-position">
        Question {Math.min(index, items.length - 1) + 1} of {items.length}
      </Typography>

      <Box
        ref={stemRef}
        id={stemId}
        tabIndex={-1}
        sx={{
          fontWeight: 600,
          overflowWrap: 'anywhere',
          '&:focus-visible': { outline: '2px solid', outlineOffset: 2 },
        }}
      >
        <HtmlContent html={item.stemHtml} testId="check-stem" />
      </Box>
      <RadioGroup
        aria-labelledby={stemId}
        name={`check-${item.id}`}
        value={answered ? answered.answer : choice}
        onChange={(_e, v) => setChoice(v)}
        sx={{ mt: 1 }}
      >
        {item.choices.map((c) => (
          <FormControlLabel
            key={c.id}
            value={c.id}
            disabled={!!answered || posting}
            control={<Radio />}
            label={<ChoiceLabel html={c.textHtml} />}
            sx={{ alignItems: 'flex-start', my: 0.25, '& .MuiRadio-root': { mt: -0.75 } }}
          />
        ))}
      </RadioGroup>

      {!answered && (
        <Button variant="contained" sx={{ mt: 2 }} disabled={!choice || posting} onClick={() => void submit()}>
          Check answer
        </Button>
      )}

      {answered && (
        <AnswerFeedback
          correct={answered.correct}
          heading={answered.correct ? 'Correct' : 'Not quite'}
          headingId="check-feedback-heading"
          correctAnswer={<ChoiceLabel html={choiceText(answered.correctAnswer)} />}
          explanationHtml={answered.explanation}
          testIds={{ box: 'check-feedback', correctAnswer: 'check-correct-answer', explanation: 'check-explanation' }}
          feedbackRef={feedbackRef}
        >
          {!allAnswered && (
            <Button variant="contained" sx={{ mt: 2 }} onClick={goNext}>
              Next question
            </Button>
          )}
        </AnswerFeedback>
      )}

      {allAnswered && (
        <Box sx={{ mt: 3 }} data-testid="check-summary">
          <Typography sx={{ fontWeight: 700 }} role="status">
            {check.correct} of {check.total} right{complete ? ' — topic complete' : ''}
          </Typography>
          {!complete && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {CHECK_INCOMPLETE_HINT}
            </Typography>
          )}
          <Button
            variant={complete ? 'contained' : 'outlined'}
            sx={{ mt: 2 }}
            disabled={continuing}
            onClick={() => void continueOn()}
          >
            {complete ? 'Complete and continue' : 'Continue'}
          </Button>
          {continueError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {continueError}
            </Alert>
          )}
        </Box>
      )}
    </Paper>
  );
}

/** A choice's sanitised html inline (inside a label or a sentence). */
function ChoiceLabel({ html }: { html: string }) {
  return (
    <Box component="span" sx={{ '& p': { display: 'inline', m: 0 } }} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
