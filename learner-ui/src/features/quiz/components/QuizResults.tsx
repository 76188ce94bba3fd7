import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import type { Graph, QuizGating, QuizResult, QuizTopicResult } from '../../../api';
import { useAuth } from '../../auth/auth-context';
import { graphPath } from '../../catalog/links';
import { nodePath } from '../../graph/links';
import { MASTERY_COLORS, masteryLevel } from '../../graph/mastery-level';
import type { AskedQuestion } from '../useQuizAttempt';
import { learningKeys } from '../../graph/hooks';
import { NEXT_STEP_LABELS } from '../quiz-texts';
import { AnswerReview } from './AnswerReview';

/** Score, outcome (unlocks, tags, cooldown), the next step, each topic's level and every graded answer. */
export function QuizResults({
  subject,
  asked,
  result,
}: {
  subject: string;
  asked: AskedQuestion[];
  result: QuizResult;
}) {
  const { graded, topics } = result;
  const correctCount = graded.filter((g) => g.correct).length;
  const total = graded.length;
  const scorePct = Math.round(result.score * 100);
  const answeredQuestions = asked.filter((a) => graded.some((g) => g.questionId === a.question.id));

  // The result takes the focus after the last answer, so it is read out and Tab continues from it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" aria-labelledby="quiz-results-heading" sx={{ p: 3 }}>
        <Typography
          id="quiz-results-heading"
          component="h2"
          variant="h5"
          sx={{ fontWeight: 700 }}
          ref={heading}
          tabIndex={-1}
        >
          Results
        </Typography>
        <Typography variant="h3" component="p" sx={{ fontWeight: 800, mt: 1 }} data-testid="quiz-score">
          {scorePct}%
        </Typography>
        <Typography color="text.secondary">
          Score: {correctCount} of {total} correct
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="quiz-confidence">
          Confidence in your topic levels: {Math.round(result.confidence * 100)}%
        </Typography>
      </Paper>

      <QuizOutcome subject={subject} gating={result.gating} />

      <Paper variant="outlined" component="section" aria-labelledby="quiz-next-heading" sx={{ p: 3 }}>
        <Typography id="quiz-next-heading" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          Next step
        </Typography>
        <Typography sx={{ fontWeight: 600 }} data-testid="quiz-next-step">
          {NEXT_STEP_LABELS[result.nextStep.type]}
        </Typography>
        {result.nextStep.skills.length > 0 && (
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}
            role="list"
            aria-label="Skills"
          >
            {result.nextStep.skills.map((s) => (
              <Chip key={s} label={s} size="small" role="listitem" />
            ))}
          </Stack>
        )}
      </Paper>

      {topics.length > 0 && <TopicLevels subject={subject} topics={topics} />}

      <Stack spacing={2} component="section" aria-label="Answers">
        {answeredQuestions.map((a, i) => (
          <AnswerReview
            key={a.question.id}
            index={i}
            question={a.question}
            chosenId={a.chosen}
            graded={graded.find((x) => x.questionId === a.question.id)}
          />
        ))}
      </Stack>

      <Stack direction="row" spacing={2}>
        <Button component={RouterLink} to={graphPath(subject)} variant="contained">
          Back to Graph
        </Button>
        <Button component={RouterLink} to="/mastery" variant="outlined">
          View Mastery
        </Button>
      </Stack>
    </Stack>
  );
}

/** Each classified topic with its level and the spec's label; asked or inferred over the graph. */
function TopicLevels({ subject, topics }: { subject: string; topics: QuizTopicResult[] }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="quiz-topics-heading" sx={{ p: 3 }}>
      <Typography id="quiz-topics-heading" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        Your topics
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="quiz-topics">
        {topics.map((t) => {
          const level = masteryLevel(t.level);
          const color = MASTERY_COLORS[level];
          return (
            <Stack
              component="li"
              key={t.id}
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 0.5 }}
            >
              <Link component={RouterLink} to={nodePath(t.id, subject)} sx={{ fontWeight: 600, py: 0.5 }}>
                {t.title}
              </Link>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" color="text.secondary">
                  {Math.round(t.level * 100)}%{t.asked ? '' : ' (inferred)'}
                </Typography>
                <Chip size="small" label={t.label} color={color === 'default' ? undefined : color} variant="outlined" />
              </Stack>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}

function QuizOutcome({ subject, gating }: { subject: string; gating: QuizGating }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const graph = queryClient.getQueryData<Graph>(learningKeys.graph(user?.email, subject));
  const moduleTitle = (id: string) => graph?.modules.find((m) => m.id === id)?.title ?? id;
  const cooldown = gating.cooldownHours;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="quiz-gating-heading" sx={{ p: 3 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography id="quiz-gating-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Outcome
        </Typography>
        <Chip
          label={gating.passed ? 'Passed' : 'Not passed'}
          color={gating.passed ? 'success' : 'warning'}
          data-testid="quiz-passed"
        />
      </Stack>
      <Stack spacing={1.5}>
        <ChipList label="Unlocked modules" items={gating.unlockModules.map(moduleTitle)} color="success" />
        <ChipList label="Tags" items={gating.tagUser} />
        <ChipList label="Review recommended" items={gating.recommendReview} color="warning" />
        {cooldown > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="quiz-cooldown">
            You can retake this assessment in {cooldown} {cooldown === 1 ? 'hour' : 'hours'}.
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

function ChipList({ label, items, color }: { label: string; items: string[]; color?: 'success' | 'warning' }) {
  if (items.length === 0) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      role="group"
      aria-label={label}
    >
      <Typography variant="body2" color="text.secondary">
        {label}:
      </Typography>
      {items.map((item) => (
        <Chip key={item} label={item} size="small" color={color} variant="outlined" />
      ))}
    </Stack>
  );
}
