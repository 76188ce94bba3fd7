import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { useMutation } from '@tanstack/react-query';
import {
  FilterForm,
  ListBase,
  Pagination,
  SelectInput,
  type SortPayload,
  TextInput,
  Title,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';
import { formatWhen } from '../shared/formatWhen';
import type { Job } from './jobsMethods';

export const NO_JOBS = 'No generation jobs yet. Migrations, crawls, speech and video runs appear here.';
export const LOAD_FAILED = 'Could not load the jobs';

const JOBS = 'jobs';
const NEWEST_FIRST: SortPayload = { field: 'createdAt', order: 'DESC' };
const JOBS_PAGE_SIZE = 25;
/** How often the list is read again while a job is queued or running. */
const LIVE_REFRESH_MS = 2000;

const KIND_LABELS: Record<Job['kind'], string> = {
  'migrate-content': 'Content migration',
  'crawl-sources': 'Crawl & index',
  'tts-bulk': 'Speech (all sections)',
  'video-render': 'Video render',
};

const isActive = (job: Pick<Job, 'status'>) => job.status === 'queued' || job.status === 'running';
const canRetry = (job: Pick<Job, 'status'>) => job.status === 'failed' || job.status === 'cancelled';

const STATUS_CHOICES = ['queued', 'running', 'completed', 'failed', 'cancelled'].map((s) => ({ id: s, name: s }));
const KIND_CHOICES = Object.entries(KIND_LABELS).map(([id, name]) => ({ id, name }));

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="kind" source="kind" label="Kind" choices={KIND_CHOICES} alwaysOn />,
  <TextInput key="subject" source="subject" label="Subject" alwaysOn resettable />,
];

// Refetch while anything is queued or running; a page of finished jobs is not polled.
const refetchInterval = (query: { state: { data?: { data?: Job[] } } }) =>
  query.state.data?.data?.some(isActive) ? LIVE_REFRESH_MS : false;

/**
 * Studio → Jobs: one card per generation job (content migration, crawl, bulk speech, video render) with
 * its subject, status, progress, error and result subject id, and Retry / Cancel. The list follows
 * running jobs live (it reads the list again every 2 s while one is queued or running).
 */
export const JobList = () => (
  <ListBase<Job> resource={JOBS} sort={NEWEST_FIRST} perPage={JOBS_PAGE_SIZE} queryOptions={{ refetchInterval }}>
    <Title title="Generation Jobs" />
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Generation Jobs
      </Typography>
      <FilterForm filters={filters} />
      <JobCards />
      <Pagination rowsPerPageOptions={[JOBS_PAGE_SIZE]} />
    </Box>
  </ListBase>
);

const JobCards = () => {
  const { data, error, isPending } = useListContext<Job>();
  if (isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading jobs" />
      </Box>
    );
  if (error) return <Alert severity="error">{`${LOAD_FAILED}: ${apiErrorMessage(error, 'unknown error')}`}</Alert>;
  if (!data?.length) return <Typography color="text.secondary">{NO_JOBS}</Typography>;
  return (
    <Stack component="ul" aria-label="Jobs" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.map((job) => (
        <JobCard key={job.id} job={job} />
      ))}
    </Stack>
  );
};

const STATUS_COLOR: Record<Job['status'], 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  running: 'info',
  completed: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** Retry or Cancel: the server's refusal as an error toast, and the list read again either way (the spec). */
const useJobAction = (action: 'retry' | 'cancel') => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => (action === 'retry' ? dataProvider.retryJob(id) : dataProvider.cancelJob(id)),
    onError: (error) =>
      notify(apiErrorMessage(error, action === 'retry' ? 'Retry failed' : 'Cancel failed'), { type: 'error' }),
    onSettled: refresh,
  });
};

const JobCard = ({ job }: { job: Job }) => {
  const retry = useJobAction('retry');
  const cancel = useJobAction('cancel');
  const busy = retry.isPending || cancel.isPending;
  const percent = Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
  const title = job.subject ?? 'All subjects';
  const kind = KIND_LABELS[job.kind];

  return (
    <Card component="li" variant="outlined" aria-labelledby={`job-${job.id}`}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id={`job-${job.id}`} variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
            {title}
          </Typography>
          <Chip size="small" label={job.status} color={STATUS_COLOR[job.status]} />
          <Typography variant="body2" color="text.secondary">
            {kind}
          </Typography>
        </Stack>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: 1 }}>
          <LinearProgress
            variant={job.status === 'running' && percent === 0 ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label={`Progress of ${title}`}
            sx={{ flexGrow: 1, height: 8, borderRadius: 1 }}
          />
          <Typography variant="body2" sx={{ minWidth: '3.5em', textAlign: 'right' }}>
            {percent}%
          </Typography>
        </Box>
        {job.error && (
          <Alert severity={job.status === 'failed' ? 'error' : 'warning'} sx={{ my: 1, wordBreak: 'break-word' }}>
            {job.error}
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary" component="div" sx={{ wordBreak: 'break-all' }}>
          Result subject: {job.resultSubjectId ?? '—'}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="div">
          Started {formatWhen(job.createdAt)}
          {job.finishedAt ? ` · finished ${formatWhen(job.finishedAt)}` : ''}
          {job.attempts > 1 ? ` · ${job.attempts} attempts` : ''}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {job.id}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<ReplayIcon />}
          disabled={!canRetry(job) || busy}
          onClick={() => retry.mutate(job.id)}
          aria-label={`Retry ${title} ${kind}`}
        >
          Retry
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<StopCircleOutlinedIcon />}
          disabled={!isActive(job) || busy}
          onClick={() => cancel.mutate(job.id)}
          aria-label={`Cancel ${title} ${kind}`}
        >
          Cancel
        </Button>
      </CardActions>
    </Card>
  );
};
