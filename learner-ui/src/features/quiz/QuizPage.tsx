import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { QuizPageKind } from '../../api';
import { graphPath } from '../catalog/links';
import { MissingSubject } from '../common/MissingSubject';
import { useSubjectName } from '../subjects/hooks/useSubjects';
import { QuizForm } from './components/QuizForm';
import { QuizResults } from './components/QuizResults';
import { QUIZ_TITLES, UNAVAILABLE_TITLE } from './quiz-texts';
import { useQuizAttempt } from './useQuizAttempt';

/** Unknown or missing kinds read as the diagnostic. */
export function parseQuizKind(value: string | null): QuizPageKind {
  return value === 'final' || value === 'diag-clinician' ? value : 'diag';
}

/** /quiz?subject&kind=diag|final|diag-clinician: starting → active → submitting → results. */
export function QuizPage() {
  const [params] = useSearchParams();
  const subject = params.get('subject');
  const kind = parseQuizKind(params.get('kind'));
  if (!subject) return <MissingSubject />;
  return <QuizRunner key={`${subject}|${kind}`} subject={subject} kind={kind} />;
}

function QuizRunner({ subject, kind }: { subject: string; kind: QuizPageKind }) {
  const subjectName = useSubjectName(subject);
  const quiz = useQuizAttempt(kind, subject);
  const { phase, attempt, result } = quiz;

  const page = (body: ReactNode) => (
    <Box sx={{ maxWidth: 820, mx: 'auto' }}>
      <Box sx={{ mb: 3 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
          {QUIZ_TITLES[kind]}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {subjectName ?? subject}
        </Typography>
      </Box>
      {body}
    </Box>
  );

  if (phase === 'starting') {
    return page(
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} data-testid="quiz-starting">
        <CircularProgress aria-label="Starting assessment" />
      </Box>,
    );
  }

  if (phase === 'failed') {
    return page(
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} data-testid="quiz-restricted">
        <LockOutlinedIcon color="warning" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
        {/* The toast carries the spec's 'Access restricted'; the panel does not repeat it. */}
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {UNAVAILABLE_TITLE}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {quiz.failure}
        </Typography>
        <Button component={RouterLink} to={graphPath(subject)} variant="contained">
          Back to Graph
        </Button>
      </Paper>,
    );
  }

  if (phase === 'results' && result && attempt) {
    return page(<QuizResults subject={subject} kind={kind} asked={quiz.asked} result={result} />);
  }

  return page(
    <QuizForm
      number={quiz.number}
      question={quiz.current?.question ?? null}
      progress={quiz.progress}
      choice={quiz.choice}
      submitting={phase === 'submitting'}
      onChoose={quiz.setChoice}
      onSubmit={() => void quiz.submit()}
      onFinish={() => void quiz.finishNow()}
    />,
  );
}
