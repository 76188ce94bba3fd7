import { type ReactNode, useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { Graph, QuizGating, QuizPageKind, QuizResult, QuizTopicResult } from '../../../api';
import { useAuth } from '../../auth/auth-context';
import { graphPath } from '../../catalog/links';
import { nodePath, quizPath } from '../../graph/links';
import { MASTERY_COLORS, masteryLevel } from '../../graph/mastery-level';
import { useSubjectName } from '../../subjects/hooks/useSubjects';
import type { AskedQuestion } from '../useQuizAttempt';
import { learningKeys } from '../../graph/hooks';
import { NEXT_STEP_LABELS } from '../quiz-texts';
import { AnswerReview } from './AnswerReview';

/**
 * A diagnostic's placement (docs/learning-loop-api.md §5): how many of the course's topics are complete,
 * the first topic to start with (null when every topic is complete) and what to learn next.
 */
export interface Placement {
  known: number;
  total: number;
  start: { id: string; title: string } | null;
  learnNext: { id: string; title: string; moduleId: string }[];
}

/** A topic counts as known at this level when the server sends no placement (the spec's "Mastered" band). */
const KNOWN_LEVEL = 0.7;
const MAX_LEARN_NEXT = 5;

/**
 * The placement of a diagnostic result: the server's, else one derived from the classified topics (in
 * reading order), so that a result without it still places the learner rather than grading them.
 */
export function placementOf(result: QuizResult): Placement {
  const sent = (result as QuizResult & { placement?: Placement | null }).placement;
  if (sent) return sent;
  const open = result.topics.filter((t) => t.level < KNOWN_LEVEL);
  return {
    known: result.topics.length - open.length,
    total: result.topics.length,
    start: open[0] ? { id: open[0].id, title: open[0].title } : null,
    learnNext: open.slice(0, MAX_LEARN_NEXT).map((t) => ({ id: t.id, title: t.title, moduleId: t.moduleId })),
  };
}

/**
 * A diagnostic places the learner: what they already know, one button to start, what to learn next and
 * each answer right or wrong; never a score or passed/failed. The post test keeps its score, its pass
 * mark, the achievements it earned, the next step and each topic's level.
 */
export function QuizResults({
  subject,
  kind,
  asked,
  result,
}: {
  subject: string;
  kind: QuizPageKind;
  asked: AskedQuestion[];
  result: QuizResult;
}) {
  const { graded, topics } = result;
  const answeredQuestions = asked.filter((a) => graded.some((g) => g.questionId === a.question.id));
  const diagnostic = kind !== 'final';

  // The result takes the focus after the last answer, so it is read out and Tab continues from it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const title = (
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
  );

  return (
    <Stack spacing={3}>
      {diagnostic ? (
        <DiagnosticPlacement subject={subject} result={result} title={title} />
      ) : (
        <>
          <Paper variant="outlined" component="section" aria-labelledby="quiz-results-heading" sx={{ p: 3 }}>
            {title}
            <ScoreLines result={result} />
          </Paper>
          <QuizOutcome subject={subject} gating={result.gating} />
          <NextStep result={result} />
          {topics.length > 0 && <TopicLevels subject={subject} topics={topics} />}
        </>
      )}

      <Stack spacing={2} component="section" aria-labelledby="quiz-answers-heading">
        <Typography id="quiz-answers-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Answers
        </Typography>
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
        <Button component={RouterLink} to={graphPath(subject)} variant={diagnostic ? 'outlined' : 'contained'}>
          Back to Graph
        </Button>
        <Button component={RouterLink} to="/mastery" variant="outlined">
          View Mastery
        </Button>
      </Stack>
    </Stack>
  );
}

function ScoreLines({ result }: { result: QuizResult }) {
  const correctCount = result.graded.filter((g) => g.correct).length;
  return (
    <>
      <Typography variant="h3" component="p" sx={{ fontWeight: 800, mt: 1 }} data-testid="quiz-score">
        {Math.round(result.score * 100)}%
      </Typography>
      <Typography color="text.secondary">
        Score: {correctCount} of {result.graded.length} correct
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="quiz-confidence">
        Confidence in your topic levels: {Math.round(result.confidence * 100)}%
      </Typography>
    </>
  );
}

/** "You already know N of M topics", Start, what to learn next (once, linked) and what is already known. */
function DiagnosticPlacement({ subject, result, title }: { subject: string; result: QuizResult; title: ReactNode }) {
  const placement = placementOf(result);
  const next = new Set(placement.learnNext.map((t) => t.id));
  const known = result.topics.filter((t) => t.level >= KNOWN_LEVEL && !next.has(t.id));
  const cooldown = result.gating.cooldownHours;
  return (
    <>
      <Paper variant="outlined" component="section" aria-labelledby="quiz-results-heading" sx={{ p: 3 }}>
        {title}
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, mt: 1 }} data-testid="quiz-placement">
          You already know {placement.known} of {placement.total} topics
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 2, alignItems: { sm: 'center' } }}
          data-testid="quiz-start"
        >
          {placement.start ? (
            <>
              <Button
                component={RouterLink}
                to={nodePath(placement.start.id, subject)}
                variant="contained"
                size="large"
                aria-describedby="quiz-first-topic"
              >
                Start
              </Button>
              <Typography id="quiz-first-topic" color="text.secondary">
                First topic: {placement.start.title}
              </Typography>
            </>
          ) : (
            <Button component={RouterLink} to={quizPath(subject, 'final')} variant="contained" size="large">
              Take Post Test
            </Button>
          )}
        </Stack>
        {cooldown > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="quiz-cooldown">
            You can retake this assessment in {cooldown} {cooldown === 1 ? 'hour' : 'hours'}.
          </Typography>
        )}
      </Paper>

      {placement.learnNext.length > 0 && (
        <Paper variant="outlined" component="section" aria-labelledby="quiz-learn-next-heading" sx={{ p: 3 }}>
          <Typography id="quiz-learn-next-heading" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            What to learn next
          </Typography>
          <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 3 }} data-testid="quiz-learn-next">
            {placement.learnNext.map((t) => (
              <li key={t.id}>
                <Link component={RouterLink} to={nodePath(t.id, subject)} sx={{ fontWeight: 600 }}>
                  {t.title}
                </Link>
              </li>
            ))}
          </Stack>
        </Paper>
      )}

      {known.length > 0 && (
        <Accordion
          variant="outlined"
          disableGutters
          data-testid="quiz-known"
          // the summary's button sits in a heading of the page's outline (MUI's default is an h3)
          slots={{ heading: 'h2' }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="quiz-known-list" id="quiz-known-heading">
            <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
              Already known
            </Typography>
          </AccordionSummary>
          <AccordionDetails id="quiz-known-list">
            <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 3 }}>
              {known.map((t) => (
                <li key={t.id}>
                  <Link component={RouterLink} to={nodePath(t.id, subject)}>
                    {t.title}
                  </Link>
                </li>
              ))}
            </Stack>
          </AccordionDetails>
        </Accordion>
      )}
    </>
  );
}

function NextStep({ result }: { result: QuizResult }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="quiz-next-heading" sx={{ p: 3 }}>
      <Typography id="quiz-next-heading" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        Next step
      </Typography>
      <Typography sx={{ fontWeight: 600 }} data-testid="quiz-next-step">
        {NEXT_STEP_LABELS[result.nextStep.type] ?? result.nextStep.type}
      </Typography>
      {result.nextStep.skills.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }} role="list" aria-label="Skills">
          {result.nextStep.skills.map((s) => (
            <Chip key={s} label={s} size="small" role="listitem" />
          ))}
        </Stack>
      )}
    </Paper>
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

/**
 * The achievements a post test's tags stand for, readable: "<Module> mastered", "<Course> post test
 * passed". Other tags (taken, a diagnostic's) are bookkeeping and not shown.
 */
export function achievementLabels(
  tags: string[],
  subject: string,
  subjectName: string,
  moduleTitle: (id: string) => string,
): string[] {
  const labels: string[] = [];
  for (const tag of tags) {
    if (!tag.startsWith(`${subject}:`)) continue;
    const what = tag.slice(subject.length + 1);
    if (what === 'post-test-passed') labels.push(`${subjectName} post test passed`);
    else if (what.endsWith('-mastered')) labels.push(`${moduleTitle(what.slice(0, -'-mastered'.length))} mastered`);
  }
  return labels;
}

function QuizOutcome({ subject, gating }: { subject: string; gating: QuizGating }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const subjectName = useSubjectName(subject) ?? subject;
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
        <ChipList
          label="Achievements"
          items={achievementLabels(gating.tagUser, subject, subjectName, moduleTitle)}
          color="success"
        />
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
