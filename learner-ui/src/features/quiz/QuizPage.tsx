import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import {
  errorMessage,
  quizApi,
  type Graph,
  type QuizAttempt,
  type QuizPageKind,
  type QuizQuestion,
  type QuizResult,
  type NextStepType,
} from '../../api';
import { useAuth } from '../auth/auth-context';
import { MissingSubject } from '../common/MissingSubject';
import { learningKeys } from '../graph/hooks';
import { masteryAffectedKeys } from '../mastery/keys';
import { useSubjectName } from '../subjects/hooks/useSubjects';
import { useToast } from '../toast/toast-context';

export const QUIZ_TITLES: Record<QuizPageKind, string> = {
  diag: 'Diagnostic',
  final: 'Post Test',
  'diag-clinician': 'Clinician Diagnostic',
};

export const ACCESS_RESTRICTED_TITLE = 'Access restricted';
export const ACCESS_RESTRICTED_TEXT =
  'Access to this assessment is restricted. If you believe this is an error, please contact an administrator.';

export const NEXT_STEP_LABELS: Record<NextStepType, string> = {
  practice: 'Practice',
  review: 'Review',
  advance: 'Advance',
  post_test: 'Post Test',
};

/** Unknown or missing kinds read as the diagnostic. */
export function parseQuizKind(value: string | null): QuizPageKind {
  return value === 'final' || value === 'diag-clinician' ? value : 'diag';
}

const graphPath = (subject: string) => `/graph?subject=${encodeURIComponent(subject)}`;

/** /quiz?subject&kind=diag|final|diag-clinician: starting → active → submitting → results. */
export function QuizPage() {
  const [params] = useSearchParams();
  const subject = params.get('subject');
  const kind = parseQuizKind(params.get('kind'));
  if (!subject) return <MissingSubject />;
  return <QuizRunner key={`${subject}|${kind}`} subject={subject} kind={kind} />;
}

type Phase = 'starting' | 'failed' | 'active' | 'submitting' | 'results';

function QuizRunner({ subject, kind }: { subject: string; kind: QuizPageKind }) {
  const { toast } = useToast();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const subjectName = useSubjectName(subject);
  const title = QUIZ_TITLES[kind];

  const [phase, setPhase] = useState<Phase>('starting');
  const [attempt, setAttempt] = useState<QuizAttempt | null>(null);
  const [failure, setFailure] = useState<string>('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [result, setResult] = useState<QuizResult | null>(null);

  // StrictMode runs mount effects twice; the ref (kept across that replay) makes it one attempt.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    quizApi.start(kind, subject).then(
      (a) => {
        setAttempt({ ...a, questions: Array.isArray(a?.questions) ? a.questions : [] });
        setPhase('active');
      },
      (err: unknown) => {
        const message = errorMessage(err, ACCESS_RESTRICTED_TEXT);
        setFailure(message);
        setPhase('failed');
        toast({ title: ACCESS_RESTRICTED_TITLE, description: message, variant: 'destructive' });
      },
    );
  }, [kind, subject, toast]);

  const questions = attempt?.questions ?? [];
  const answeredCount = questions.filter((q) => answers[q.id]).length;
  const allAnswered = !!attempt && questions.length > 0 && answeredCount === questions.length;

  const submit = useCallback(async () => {
    if (!attempt || !allAnswered) return;
    setPhase('submitting');
    try {
      const res = await quizApi.submit(
        attempt.attemptId,
        attempt.questions.map((q) => ({ questionId: q.id, answer: answers[q.id] })),
      );
      setResult(res);
      setPhase('results');
      for (const queryKey of masteryAffectedKeys(user?.email)) void queryClient.invalidateQueries({ queryKey });
    } catch (err) {
      setPhase('active');
      toast({
        title: 'Submission failed',
        description: errorMessage(err, 'Your answers could not be submitted. Please try again.'),
        variant: 'destructive',
      });
    }
  }, [attempt, allAnswered, answers, queryClient, toast, user?.email]);

  const header = (
    <Box sx={{ mb: 3 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {subjectName ?? subject}
      </Typography>
    </Box>
  );

  if (phase === 'starting') {
    return (
      <Box sx={{ maxWidth: 820, mx: 'auto' }}>
        {header}
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} data-testid="quiz-starting">
          <CircularProgress aria-label="Starting assessment" />
        </Box>
      </Box>
    );
  }

  if (phase === 'failed') {
    return (
      <Box sx={{ maxWidth: 820, mx: 'auto' }}>
        {header}
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} data-testid="quiz-restricted">
          <LockOutlinedIcon color="warning" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {ACCESS_RESTRICTED_TITLE}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            {failure}
          </Typography>
          <Button component={RouterLink} to={graphPath(subject)} variant="contained">
            Back to Graph
          </Button>
        </Paper>
      </Box>
    );
  }

  if (phase === 'results' && result && attempt) {
    return (
      <Box sx={{ maxWidth: 820, mx: 'auto' }}>
        {header}
        <QuizResults subject={subject} attempt={attempt} answers={answers} result={result} />
      </Box>
    );
  }

  const submitting = phase === 'submitting';
  const pct = questions.length ? Math.round((answeredCount / questions.length) * 100) : 0;
  return (
    <Box sx={{ maxWidth: 820, mx: 'auto' }}>
      {header}
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
              onChange={(choiceId) => setAnswers((prev) => ({ ...prev, [q.id]: choiceId }))}
            />
          ))}
        </Stack>
      )}

      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          variant="contained"
          size="large"
          onClick={() => void submit()}
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
    </Box>
  );
}

function Html({ html, id, testId }: { html: string; id?: string; testId?: string }) {
  return (
    <Box
      component="span"
      id={id}
      data-testid={testId}
      sx={{ '& p': { my: 0.5 }, '& img': { maxWidth: '100%' } }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function QuestionCard({
  index,
  total,
  question,
  value,
  disabled,
  onChange,
}: {
  index: number;
  total: number;
  question: QuizQuestion;
  value: string;
  disabled: boolean;
  onChange: (choiceId: string) => void;
}) {
  const stemId = `q-${index}-stem`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={stemId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="overline" color="text.secondary">
        Question {index + 1} of {total}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 600, mb: 1.5 }}>
        <Html html={question.stemHtml ?? ''} id={stemId} />
      </Typography>
      <RadioGroup
        aria-labelledby={stemId}
        name={`question-${question.id}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {(question.choices ?? []).map((c) => (
          <FormControlLabel
            key={c.id}
            value={c.id}
            disabled={disabled}
            control={<Radio />}
            label={<Html html={c.textHtml ?? ''} />}
          />
        ))}
      </RadioGroup>
    </Paper>
  );
}

function QuizResults({
  subject,
  attempt,
  answers,
  result,
}: {
  subject: string;
  attempt: QuizAttempt;
  answers: Record<string, string>;
  result: QuizResult;
}) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const graph = queryClient.getQueryData<Graph>(learningKeys.graph(user?.email, subject));
  const moduleTitle = (id: string) => graph?.modules.find((m) => m.id === id)?.title ?? id;

  const graded = Array.isArray(result.graded) ? result.graded : [];
  const correctCount = graded.filter((g) => g.correct).length;
  const total = attempt.questions.length || graded.length;
  const scorePct = Math.round((Number.isFinite(result.score) ? result.score : 0) * 100);
  const gating = result.gating;
  const cooldown = gating?.cooldownHours;

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" aria-labelledby="quiz-results-heading" sx={{ p: 3 }}>
        <Typography id="quiz-results-heading" component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          Results
        </Typography>
        <Typography variant="h3" component="p" sx={{ fontWeight: 800, mt: 1 }} data-testid="quiz-score">
          {scorePct}%
        </Typography>
        <Typography color="text.secondary">
          Score: {correctCount} of {total} correct
        </Typography>
      </Paper>

      {gating && (
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
            <ChipList label="Unlocked modules" items={(gating.unlockModules ?? []).map(moduleTitle)} color="success" />
            <ChipList label="Tags" items={gating.tagUser ?? []} />
            <ChipList label="Review recommended" items={gating.recommendReview ?? []} color="warning" />
            {typeof cooldown === 'number' && cooldown > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid="quiz-cooldown">
                You can retake this assessment in {cooldown} {cooldown === 1 ? 'hour' : 'hours'}.
              </Typography>
            )}
          </Stack>
        </Paper>
      )}

      {result.nextStep && (
        <Paper variant="outlined" component="section" aria-labelledby="quiz-next-heading" sx={{ p: 3 }}>
          <Typography id="quiz-next-heading" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            Next step
          </Typography>
          <Typography sx={{ fontWeight: 600 }} data-testid="quiz-next-step">
            {NEXT_STEP_LABELS[result.nextStep.type] ?? result.nextStep.type}
          </Typography>
          {(result.nextStep.skills?.length ?? 0) > 0 && (
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }} role="list" aria-label="Skills">
              {result.nextStep.skills?.map((s) => <Chip key={s} label={s} size="small" role="listitem" />)}
            </Stack>
          )}
        </Paper>
      )}

      <Stack spacing={2} component="section" aria-label="Answers">
        {attempt.questions.map((q, i) => {
          const g = graded.find((x) => x.questionId === q.id);
          const correct = !!g?.correct;
          const chosen = q.choices.find((c) => c.id === answers[q.id]);
          const right = q.choices.find((c) => c.id === g?.correctAnswer);
          return (
            <Paper
              key={q.id}
              variant="outlined"
              component="article"
              aria-label={`Question ${i + 1}`}
              data-correct={correct ? 'true' : 'false'}
              sx={{ p: { xs: 2, sm: 3 }, borderColor: correct ? 'success.main' : 'error.main' }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="overline" color="text.secondary">
                  Question {i + 1}
                </Typography>
                <Chip size="small" label={correct ? 'Correct' : 'Incorrect'} color={correct ? 'success' : 'error'} />
              </Stack>
              <Typography component="div" sx={{ fontWeight: 600, mb: 1 }}>
                <Html html={q.stemHtml ?? ''} />
              </Typography>
              <Typography variant="body2" component="div">
                Your answer: {chosen ? <Html html={chosen.textHtml} /> : '—'}
              </Typography>
              {g?.correctAnswer && (
                <Typography variant="body2" component="div" data-testid="correct-answer">
                  Correct answer: {right ? <Html html={right.textHtml} /> : g.correctAnswer}
                </Typography>
              )}
              {g?.explanation && (
                <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 1 }}>
                  <Html html={g.explanation} testId="explanation" />
                </Typography>
              )}
            </Paper>
          );
        })}
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

function ChipList({ label, items, color }: { label: string; items: string[]; color?: 'success' | 'warning' }) {
  if (items.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}:
      </Typography>
      {items.map((item) => (
        <Chip key={item} label={item} size="small" color={color} variant="outlined" />
      ))}
    </Stack>
  );
}
