import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { errorMessage, isApiError } from '../../api';
import type { ChallengeDayContent, ChallengeDetail, ChallengeProgress } from '../../api/challenges';
import { useAuth } from '../auth/auth-context';
import { DayQuiz } from './components/DayQuiz';
import { DayStatus } from './components/DayStatus';
import { MicroProject } from './components/MicroProject';
import { LoadError, Loading, NoCourseAccess, NotFoundPanel } from './components/PageState';
import { PageTitle } from './components/PageTitle';
import { UnlockCountdown } from './components/UnlockCountdown';
import { parseDay } from './format';
import { challengeKeys, useChallenge, useChallengeDay, useChallengeProgress } from './hooks';
import { CHALLENGES_PATH, certificatePath, challengeDayPath, challengePath } from './links';

/** /challenge/{cid}/day/{day}: the lesson, the quiz, the micro project and the bot assessment. */
export function ChallengeDayPage() {
  const { cid = '', day: dayParam } = useParams();
  const day = parseDay(dayParam);
  if (day === null) return <DayNotFound cid={cid} />;
  return <DayView key={`${cid}/${day}`} cid={cid} day={day} />;
}

function DayNotFound({ cid }: { cid: string }) {
  return (
    <NotFoundPanel title="Day not found">
      <PageTitle parts={['Day not found']} />
      <Button component={RouterLink} to={challengePath(cid)} variant="contained">
        Back to challenge
      </Button>
    </NotFoundPanel>
  );
}

function DayView({ cid, day }: { cid: string; day: number }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const challenge = useChallenge(cid);
  const content = useChallengeDay(cid, day);
  const progress = useChallengeProgress(cid);

  const refreshProgress = () =>
    void queryClient.invalidateQueries({ queryKey: challengeKeys.progress(user?.email, cid) });
  const refreshAll = () => {
    void content.refetch();
    refreshProgress();
  };

  if (challenge.isError && isApiError(challenge.error) && challenge.error.status === 404) {
    return (
      <NotFoundPanel title="Challenge not found">
        <PageTitle parts={['Challenge not found']} />
        <Button component={RouterLink} to={CHALLENGES_PATH} variant="contained">
          All challenges
        </Button>
      </NotFoundPanel>
    );
  }
  if (content.isError && isApiError(content.error) && content.error.status === 404) return <DayNotFound cid={cid} />;

  const detail = challenge.data;
  const data = content.data;
  const title = data?.title ?? detail?.days.find((d) => d.day === day)?.title;
  const dayProgress = progress.data?.enrollment ? progress.data.days.find((d) => d.day === day) : undefined;

  let body: ReactNode;
  if (content.isPending) {
    body = <Loading label="Loading the day" />;
  } else if (content.isError) {
    body =
      isApiError(content.error) && content.error.status === 403 ? (
        <NoCourseAccess
          subjectId={detail?.subjectId ?? null}
          message={errorMessage(content.error, 'You need access to this course')}
        />
      ) : (
        <LoadError
          message={errorMessage(content.error, 'Could not load this day.')}
          onRetry={() => void content.refetch()}
        />
      );
  } else if (content.data.locked) {
    body = <LockedDay cid={cid} content={content.data} onUnlockReached={refreshAll} />;
  } else {
    // A graded quiz changes the day too: a new option order after a try that did not pass, the right answers after a pass.
    body = (
      <OpenDay
        cid={cid}
        content={content.data}
        progress={progress.data ?? null}
        onChanged={refreshProgress}
        onQuizGraded={refreshAll}
      />
    );
  }

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <PageTitle parts={[`Day ${day}${title ? `: ${title}` : ''}`, detail?.name]} />
      <Button
        component={RouterLink}
        to={challengePath(cid)}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1, ml: -1, textAlign: 'left' }}
      >
        {detail?.name ?? 'Challenge'}
      </Button>
      <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
        {detail ? `Day ${day} of ${detail.daysCount}` : `Day ${day}`}
      </Typography>
      <Typography
        component="h1"
        variant="h4"
        sx={{ fontWeight: 800, letterSpacing: '-0.02em', overflowWrap: 'anywhere' }}
      >
        Day {day}
        {title ? `: ${title}` : ''}
      </Typography>
      {data && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {data.tool} · {data.est_minutes} min
        </Typography>
      )}
      {dayProgress && (
        <Box sx={{ mt: 1.5 }}>
          <DayStatus progress={dayProgress} />
        </Box>
      )}

      <Box sx={{ mt: 3 }}>{body}</Box>

      <DayNavigation cid={cid} day={day} challenge={detail} />
    </Box>
  );
}

function LockedDay({
  cid,
  content,
  onUnlockReached,
}: {
  cid: string;
  content: ChallengeDayContent;
  onUnlockReached: () => void;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="locked-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <LockOutlinedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography id="locked-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 0.5 }}>
            This day is locked
          </Typography>
          {content.unlock_at ? (
            <UnlockCountdown day={content.day} unlockAt={content.unlock_at} onReached={onUnlockReached} />
          ) : (
            <>
              <Typography sx={{ mb: 2 }}>Enrol in the challenge to open its days.</Typography>
              <Button component={RouterLink} to={challengePath(cid)} variant="contained">
                Go to the challenge
              </Button>
            </>
          )}
        </Box>
      </Box>
    </Paper>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function OpenDay({
  cid,
  content,
  progress,
  onChanged,
  onQuizGraded,
}: {
  cid: string;
  content: ChallengeDayContent;
  progress: ChallengeProgress | null;
  onChanged: () => void;
  onQuizGraded: () => void;
}) {
  const dayProgress = progress?.days.find((d) => d.day === content.day) ?? null;
  return (
    <Stack spacing={3}>
      {dayProgress?.passed && (
        <Alert severity="success">
          <AlertTitle>Day {content.day} passed</AlertTitle>
          {progress?.completed && progress.certificateId ? (
            <>
              You completed the challenge.{' '}
              <Link component={RouterLink} to={certificatePath(progress.certificateId)} sx={{ fontWeight: 700 }}>
                View your certificate
              </Link>
            </>
          ) : progress?.completed && progress.certificateNeedsName ? (
            <>
              You completed the challenge.{' '}
              <Link component={RouterLink} to={challengePath(cid)} sx={{ fontWeight: 700 }}>
                Add your name to receive your certificate
              </Link>
            </>
          ) : (
            'Quiz and project both passed.'
          )}
        </Alert>
      )}

      {content.lesson && (
        <Section id="lesson-title" title="Lesson">
          <Typography sx={{ mb: 2 }}>{content.lesson.summary}</Typography>
          {content.lesson.steps.length > 0 && (
            <>
              <Typography id="steps-title" component="h3" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
                Steps
              </Typography>
              <Box component="ol" aria-labelledby="steps-title" sx={{ pl: 3, m: 0, '& li + li': { mt: 1 } }}>
                {content.lesson.steps.map((step, i) => (
                  <li key={i}>
                    <Typography component="span">{step}</Typography>
                  </li>
                ))}
              </Box>
            </>
          )}
        </Section>
      )}

      <Section id="quiz-title" title="Quiz">
        <DayQuiz
          cid={cid}
          day={content.day}
          questions={content.quiz}
          best={dayProgress?.quiz ?? null}
          onGraded={onQuizGraded}
        />
      </Section>

      {content.micro_project && (
        <Section id="project-title" title="Micro project">
          <MicroProject
            cid={cid}
            day={content.day}
            project={content.micro_project}
            stored={dayProgress?.project ?? null}
            onChanged={onChanged}
          />
        </Section>
      )}
    </Stack>
  );
}

function DayNavigation({ cid, day, challenge }: { cid: string; day: number; challenge: ChallengeDetail | undefined }) {
  const last = challenge?.daysCount ?? 0;
  return (
    <Stack
      component="nav"
      aria-label="Challenge days"
      direction="row"
      sx={{ mt: 4, flexWrap: 'wrap', gap: 1.5, justifyContent: 'space-between' }}
    >
      <Box>
        {day > 1 && (
          <Button component={RouterLink} to={challengeDayPath(cid, day - 1)} startIcon={<ArrowBackIcon />}>
            Previous day
          </Button>
        )}
      </Box>
      <Button component={RouterLink} to={challengePath(cid)} variant="outlined">
        Back to challenge
      </Button>
      <Box>
        {day < last && (
          <Button component={RouterLink} to={challengeDayPath(cid, day + 1)} endIcon={<ArrowForwardIcon />}>
            Next day
          </Button>
        )}
      </Box>
    </Stack>
  );
}
