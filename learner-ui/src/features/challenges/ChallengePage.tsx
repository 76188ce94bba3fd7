import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { errorMessage, isApiError } from '../../api';
import { challengeApi, type ChallengeDetail, type ChallengeProgress, type DayProgress } from '../../api/challenges';
import { useAuth } from '../auth/auth-context';
import { CertificateNameDialog } from '../auth/components/CertificateNameDialog';
import { useToast } from '../toast/toast-context';
import { DayStatus } from './components/DayStatus';
import { LoadError, Loading, NoCourseAccess, NotFoundPanel } from './components/PageState';
import { PageTitle } from './components/PageTitle';
import { UnlockCountdown } from './components/UnlockCountdown';
import { browserTimeZone, formatLocalDateTime, localDateToday } from './format';
import { challengeKeys, useChallenge, useChallengeProgress } from './hooks';
import { CHALLENGES_PATH, certificatePath, challengeDayPath } from './links';

/** The spec's daily unlock time: every day opens at midnight in the learner's time zone. */
export const DAILY_UNLOCK_LOCAL_TIME = '00:00';

/** /challenge/{cid}: syllabus, enrolment, progress per day, the next unlock and the certificate. */
export function ChallengePage() {
  const { cid = '' } = useParams();
  const challenge = useChallenge(cid);

  if (challenge.isPending) return <Loading label="Loading challenge" />;
  if (challenge.isError) {
    if (isApiError(challenge.error) && challenge.error.status === 404) {
      return (
        <NotFoundPanel title="Challenge not found">
          <PageTitle parts={['Challenge not found']} />
          <Button component={RouterLink} to={CHALLENGES_PATH} variant="contained">
            All challenges
          </Button>
        </NotFoundPanel>
      );
    }
    return (
      <Box sx={{ maxWidth: 900, mx: 'auto' }}>
        <PageTitle parts={['Challenge']} />
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: 2 }}>
          Challenge
        </Typography>
        <LoadError
          message={errorMessage(challenge.error, 'Could not load the challenge.')}
          onRetry={() => void challenge.refetch()}
        />
      </Box>
    );
  }
  return <ChallengeView challenge={challenge.data} />;
}

function ChallengeView({ challenge }: { challenge: ChallengeDetail }) {
  const progress = useChallengeProgress(challenge.id);
  const enrolled = progress.data?.enrollment ? progress.data : null;
  const byDay = new Map((enrolled?.days ?? []).map((d) => [d.day, d]));

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <PageTitle parts={[challenge.name, 'Challenges']} />
      <Button component={RouterLink} to={CHALLENGES_PATH} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        All challenges
      </Button>
      <Typography
        component="h1"
        variant="h4"
        sx={{ fontWeight: 800, letterSpacing: '-0.02em', overflowWrap: 'anywhere' }}
      >
        {challenge.name}
      </Typography>
      {challenge.tagline && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {challenge.tagline}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {challenge.daysCount} {challenge.daysCount === 1 ? 'day' : 'days'} · a new day opens each midnight in your time
        zone
      </Typography>

      <EnrolmentSection challenge={challenge} progress={progress} />

      <Box component="section" aria-labelledby="syllabus-title" sx={{ mt: 4 }}>
        <Typography id="syllabus-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          Syllabus
        </Typography>
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {challenge.days.map((d) => (
            <Paper
              key={d.day}
              component="li"
              variant="outlined"
              aria-labelledby={`day-${d.day}-title`}
              sx={{ p: { xs: 2, sm: 2.5 } }}
            >
              <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
                Day {d.day}
              </Typography>
              <Typography id={`day-${d.day}-title`} component="h3" variant="h6" sx={{ fontWeight: 700 }}>
                <Link component={RouterLink} to={challengeDayPath(challenge.id, d.day)} underline="hover">
                  Day {d.day}: {d.title}
                </Link>
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: byDay.has(d.day) ? 1 : 0 }}>
                {d.tool} · {d.est_minutes} min
              </Typography>
              {byDay.has(d.day) && <DayProgressLine progress={byDay.get(d.day)!} />}
            </Paper>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}

function DayProgressLine({ progress }: { progress: DayProgress }) {
  return (
    <>
      <DayStatus progress={progress} />
      {!progress.is_unlocked && progress.unlock_at && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Opens {formatLocalDateTime(progress.unlock_at)}
        </Typography>
      )}
    </>
  );
}

function EnrolmentSection({
  challenge,
  progress,
}: {
  challenge: ChallengeDetail;
  progress: ReturnType<typeof useChallengeProgress>;
}) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const progressKey = challengeKeys.progress(user?.email, challenge.id);

  const enrol = useMutation({
    mutationFn: () =>
      challengeApi.enroll(challenge.id, {
        startLocalDate: localDateToday(),
        timezone: browserTimeZone(),
        dailyUnlockLocalTime: DAILY_UNLOCK_LOCAL_TIME,
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(progressKey, data);
      // Day pages read before enrolling said "locked".
      void queryClient.invalidateQueries({ queryKey: [...challengeKeys.detail(user?.email, challenge.id), 'day'] });
      toast({ title: 'Enrolled', description: `Day 1 of ${challenge.name} is open.`, variant: 'success' });
    },
  });

  const refresh = () => {
    void progress.refetch();
    void queryClient.invalidateQueries({ queryKey: [...challengeKeys.detail(user?.email, challenge.id), 'day'] });
  };

  if (progress.isPending) return <Loading label="Loading your progress" />;
  if (progress.isError) {
    if (isApiError(progress.error) && progress.error.status === 403) {
      return (
        <NoCourseAccess
          subjectId={challenge.subjectId}
          message={errorMessage(progress.error, 'You need access to this course')}
        />
      );
    }
    return (
      <LoadError
        message={errorMessage(progress.error, 'Could not load your progress.')}
        onRetry={() => void progress.refetch()}
      />
    );
  }

  if (!progress.data.enrollment) {
    if (enrol.isError && isApiError(enrol.error) && enrol.error.status === 403) {
      return (
        <NoCourseAccess
          subjectId={challenge.subjectId}
          message={errorMessage(enrol.error, 'You need access to this course')}
        />
      );
    }
    return (
      <Paper variant="outlined" component="section" aria-labelledby="enrol-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="enrol-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Start the challenge
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          Day 1 opens as soon as you enrol; each following day opens at midnight ({browserTimeZone()} time).
        </Typography>
        {enrol.isError && (
          <Alert severity="error" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {errorMessage(enrol.error, 'Could not enrol. Please try again.')}
          </Alert>
        )}
        <Button
          variant="contained"
          size="large"
          onClick={() => enrol.mutate()}
          disabled={enrol.isPending}
          startIcon={enrol.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {enrol.isPending ? 'Enrolling...' : 'Enrol'}
        </Button>
      </Paper>
    );
  }

  return (
    <ProgressSummary
      challenge={challenge}
      progress={progress.data}
      onUnlockReached={refresh}
      onNameSaved={() => void progress.refetch()}
    />
  );
}

function ProgressSummary({
  challenge,
  progress,
  onUnlockReached,
  onNameSaved,
}: {
  challenge: ChallengeDetail;
  progress: ChallengeProgress;
  onUnlockReached: () => void;
  /** The name on certificates was set: reading the progress again issues the certificate. */
  onNameSaved: () => void;
}) {
  const [naming, setNaming] = useState(false);
  const total = challenge.daysCount || progress.days.length;
  const passed = progress.days.filter((d) => d.passed).length;
  const pct = total ? Math.round((passed / total) * 100) : 0;
  const current = progress.days.find((d) => d.is_unlocked && !d.passed);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="progress-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="progress-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Your progress
      </Typography>
      <Typography sx={{ mt: 0.5 }} data-testid="days-passed">
        {passed} of {total} days passed
      </Typography>
      <LinearProgress
        variant="determinate"
        value={pct}
        aria-label="Days passed"
        sx={{ height: 8, borderRadius: 4, my: 1.5 }}
      />

      {progress.completed ? (
        <Alert severity="success" sx={{ mt: 2 }}>
          <AlertTitle>Challenge complete</AlertTitle>
          {progress.certificateId ? (
            <>
              You passed every day.{' '}
              <Link component={RouterLink} to={certificatePath(progress.certificateId)} sx={{ fontWeight: 700 }}>
                View your certificate
              </Link>
            </>
          ) : progress.certificateNeedsName ? (
            <>
              You passed every day. Your certificate shows your name: add it to receive your certificate.
              <Box sx={{ mt: 1.5 }}>
                <Button variant="contained" color="success" onClick={() => setNaming(true)}>
                  Add your name
                </Button>
              </Box>
              <CertificateNameDialog
                open={naming}
                onClose={() => setNaming(false)}
                onSaved={onNameSaved}
                required
                intro="Your certificate shows this name to anyone you share it with. It cannot be changed once the certificate is issued."
              />
            </>
          ) : (
            'You passed every day. Your certificate is being issued.'
          )}
        </Alert>
      ) : (
        <Stack spacing={2} sx={{ mt: 1 }}>
          {current && (
            <Box>
              <Button component={RouterLink} to={challengeDayPath(challenge.id, current.day)} variant="contained">
                Continue with Day {current.day}
              </Button>
            </Box>
          )}
          {progress.nextUnlock?.unlock_at && (
            <Box component="section" aria-labelledby="next-unlock-title">
              <Typography id="next-unlock-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                Next unlock
              </Typography>
              <UnlockCountdown
                day={progress.nextUnlock.day}
                unlockAt={progress.nextUnlock.unlock_at}
                onReached={onUnlockReached}
              />
            </Box>
          )}
        </Stack>
      )}
      {progress.enrollment && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Started {progress.enrollment.start_local_date} · days open at {progress.enrollment.daily_unlock_local_time} (
          {progress.enrollment.timezone})
        </Typography>
      )}
    </Paper>
  );
}
