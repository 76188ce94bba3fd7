import { useEffect, useRef, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useNotify } from 'react-admin';

import { listTtsSubjects, type TtsSubject } from '../tts/ttsApi';
import { useSubjectOptions } from '../versions/SubjectSelect';
import {
  cancelVideos,
  DEFAULT_HEIGHT,
  DEFAULT_WIDTH,
  FAILED,
  HEIGHT_RANGE,
  newVideoJobId,
  parseDimension,
  streamVideos,
  videoProgressPercent,
  VideoStreamError,
  WIDTH_RANGE,
  type VideoCounters,
  type VideoEvent,
  type VideoItem,
} from './videoApi';

export const SUBJECT_REQUIRED = 'Rendering needs a subject';

type Phase = 'idle' | 'running' | 'finished';
type Ending = 'done' | 'cancelled' | 'error';

/** A row of the result list: a section's outcome, or a failure of the run itself. */
type VideoRow = ({ kind: 'item' } & VideoItem) | { kind: 'error'; message: string };

const ZERO: VideoCounters = { attempted: 0, succeeded: 0, failed: 0, skipped: 0, total: null };

/** Shared with the TTS screen's query: the same `GET /api/tts/subjects`, cached once. */
const TTS_SUBJECTS_KEY = ['tts', 'subjects'];

const subjectLabel = (s: TtsSubject) =>
  `${s.subject} (${s.sections} sections, ${s.withAudio} with audio${s.stale ? `, ${s.stale} stale` : ''})`;

/** The subject choices: `GET /api/tts/subjects` (a video needs a section's current audio), else the Studio's courses. */
const useVideoSubjectOptions = () => {
  const ttsSubjects = useQuery({ queryKey: TTS_SUBJECTS_KEY, queryFn: listTtsSubjects, retry: false });
  const courses = useSubjectOptions();
  if (ttsSubjects.data && ttsSubjects.data.length > 0) {
    return ttsSubjects.data.map((s) => ({ id: s.subject, label: subjectLabel(s) }));
  }
  return courses.map((c) => ({ id: c.id, label: c.title === c.id ? c.id : `${c.title} (${c.id})` }));
};

/** A failure of the call itself: the server's message when it gave one, else "Failed". */
const failureMessage = (error: unknown) =>
  error instanceof VideoStreamError && error.message.trim() ? error.message : FAILED;

/**
 * TTS Video: renders every lecture section of a subject that has current audio into an mp4
 * (a title card over the audio, captions burned in or as a sidecar) and follows the run from
 * its NDJSON stream of events.
 */
export const TtsVideo = () => {
  const notify = useNotify();
  const options = useVideoSubjectOptions();
  const [subject, setSubject] = useState('');
  const [subjectError, setSubjectError] = useState(false);
  const [burnCaptions, setBurnCaptions] = useState(false);
  const [width, setWidth] = useState(String(DEFAULT_WIDTH));
  const [height, setHeight] = useState(String(DEFAULT_HEIGHT));
  const [phase, setPhase] = useState<Phase>('idle');
  const [ending, setEnding] = useState<Ending | null>(null);
  const [counters, setCounters] = useState<VideoCounters>(ZERO);
  const [rows, setRows] = useState<VideoRow[]>([]);
  const [current, setCurrent] = useState<{ id: string; percent: number } | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const jobId = useRef<string | null>(null);
  const inFlight = useRef(false);
  const unmounted = useRef<AbortController | null>(null);

  // Leaving the screen stops reading the stream; the render job itself goes on in the worker.
  useEffect(() => {
    const controller = new AbortController();
    unmounted.current = controller;
    return () => controller.abort();
  }, []);

  const widthValue = parseDimension(width, DEFAULT_WIDTH, WIDTH_RANGE);
  const heightValue = parseDimension(height, DEFAULT_HEIGHT, HEIGHT_RANGE);

  const onEvent = (event: VideoEvent) => {
    switch (event.type) {
      case 'start':
        if (event.jobId) jobId.current = event.jobId;
        setCounters((c) => ({ ...c, total: event.total }));
        break;
      case 'progress':
        setCurrent({ id: event.id, percent: event.percent });
        break;
      case 'item': {
        const { id, ok, url, error, skipped } = event;
        setRows((list) => [...list, { kind: 'item', id, ok, url, error, skipped }]);
        setCurrent((c) => (c?.id === id ? null : c));
        setCounters((c) => ({
          total: c.total,
          attempted: event.attempted ?? c.attempted + (skipped ? 0 : 1),
          succeeded: event.succeeded ?? c.succeeded + (ok && !skipped ? 1 : 0),
          failed: event.failed ?? c.failed + (ok || skipped ? 0 : 1),
          skipped: event.skippedCount ?? c.skipped + (skipped ? 1 : 0),
        }));
        break;
      }
      case 'done':
      case 'cancelled':
        setCounters((c) => ({
          attempted: event.attempted ?? c.attempted,
          succeeded: event.succeeded ?? c.succeeded,
          failed: event.failed ?? c.failed,
          skipped: event.skipped ?? c.skipped,
          total: event.total ?? c.total,
        }));
        break;
      case 'error':
        setRows((list) => [...list, { kind: 'error', message: event.message }]);
        break;
    }
  };

  const start = async () => {
    if (inFlight.current) return;
    if (!subject) setSubjectError(true);
    if (!subject || 'error' in widthValue || 'error' in heightValue) return;
    inFlight.current = true;
    const id = newVideoJobId();
    jobId.current = id;
    const request = { subject, width: widthValue.value, height: heightValue.value, burnCaptions };
    setPhase('running');
    setEnding(null);
    setCounters(ZERO);
    setRows([]);
    setCurrent(null);
    setCancelling(false);
    const signal = unmounted.current?.signal;
    let last: Ending = 'error';
    try {
      last = await streamVideos(request, id, onEvent, signal);
    } catch (error) {
      if (signal?.aborted) return;
      console.warn('Video render stream failed', error);
      setRows((list) => [...list, { kind: 'error', message: failureMessage(error) }]);
    } finally {
      inFlight.current = false;
      if (!signal?.aborted) {
        setPhase('finished');
        setEnding(last);
        setCurrent(null);
        setCancelling(false);
      }
    }
  };

  const cancel = async () => {
    const id = jobId.current;
    if (!id || phase !== 'running') return;
    setCancelling(true);
    try {
      await cancelVideos(id);
    } catch {
      setCancelling(false);
      notify('Cancel failed', { type: 'error' });
    }
  };

  const running = phase === 'running';
  const done = rows.filter((row) => row.kind === 'item').length;
  const percent = videoProgressPercent(done, counters.total, running);

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 960 }}>
      <Title title="TTS Video" />
      <Typography variant="h4" component="h1" gutterBottom>
        TTS Video
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Renders a video for every lecture section of a subject that has current audio: a title card over the audio, with
        captions burned in or as a separate track. Sections whose video is up to date are skipped.
      </Typography>

      <Stack
        component="form"
        spacing={2}
        sx={{ maxWidth: 560 }}
        noValidate
        aria-label="Render settings"
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <TextField
          select
          size="small"
          label="Subject"
          required
          value={subject}
          onChange={(event) => {
            setSubject(event.target.value);
            setSubjectError(false);
          }}
          disabled={running}
          error={subjectError}
          helperText={subjectError ? SUBJECT_REQUIRED : ' '}
          // A long subject label is cut short instead of widening the page on a phone.
          sx={{ '& .MuiSelect-select': { width: 0, flexGrow: 1 } }}
        >
          {options.length === 0 && (
            <MenuItem value="" disabled>
              Loading subjects…
            </MenuItem>
          )}
          {options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={burnCaptions}
              onChange={(event) => setBurnCaptions(event.target.checked)}
              disabled={running}
            />
          }
          label="Burn captions"
        />
        <Stack direction="row" spacing={2}>
          <TextField
            size="small"
            type="number"
            label="Width"
            value={width}
            onChange={(event) => setWidth(event.target.value)}
            disabled={running}
            placeholder={String(DEFAULT_WIDTH)}
            error={'error' in widthValue}
            helperText={'error' in widthValue ? widthValue.error : `Empty: ${DEFAULT_WIDTH}`}
            slotProps={{ htmlInput: { min: WIDTH_RANGE.min, max: WIDTH_RANGE.max, step: 2 } }}
            sx={{ flex: 1, width: 0 }}
          />
          <TextField
            size="small"
            type="number"
            label="Height"
            value={height}
            onChange={(event) => setHeight(event.target.value)}
            disabled={running}
            placeholder={String(DEFAULT_HEIGHT)}
            error={'error' in heightValue}
            helperText={'error' in heightValue ? heightValue.error : `Empty: ${DEFAULT_HEIGHT}`}
            slotProps={{ htmlInput: { min: HEIGHT_RANGE.min, max: HEIGHT_RANGE.max, step: 2 } }}
            sx={{ flex: 1, width: 0 }}
          />
        </Stack>
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={running}>
            Render Videos
          </Button>
          <Button variant="outlined" color="warning" onClick={() => void cancel()} disabled={!running || cancelling}>
            Cancel
          </Button>
        </Stack>
      </Stack>

      {phase !== 'idle' && (
        <ProgressCard
          counters={counters}
          done={done}
          percent={percent}
          running={running}
          ending={ending}
          current={current}
        />
      )}
      {phase !== 'idle' && <ResultCard rows={rows} running={running} />}
    </Box>
  );
};

const endingChip = (running: boolean, ending: Ending | null) => {
  if (running) return { label: 'Running', color: 'info' } as const;
  if (ending === 'cancelled') return { label: 'Cancelled', color: 'warning' } as const;
  if (ending === 'error') return { label: 'Stopped', color: 'error' } as const;
  return { label: 'Finished', color: 'success' } as const;
};

const ProgressCard = ({
  counters,
  done,
  percent,
  running,
  ending,
  current,
}: {
  counters: VideoCounters;
  done: number;
  percent: number;
  running: boolean;
  ending: Ending | null;
  current: { id: string; percent: number } | null;
}) => {
  const chip = endingChip(running, ending);
  return (
    <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-label="Progress">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Progress
          </Typography>
          <Chip size="small" label={chip.label} color={chip.color} />
        </Stack>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label="Render progress"
          sx={{ height: 8, borderRadius: 4, mb: 1 }}
        />
        <Typography aria-live="polite" data-testid="video-counters">
          {`${done} of ${counters.total ?? '?'} sections: ${counters.succeeded} rendered, ${counters.failed} failed, ${counters.skipped} skipped`}
        </Typography>
        {running && current && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" data-testid="video-current" sx={{ overflowWrap: 'anywhere' }}>
              {`Rendering ${current.id}: ${current.percent}%`}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={current.percent}
              aria-label={`Rendering ${current.id}`}
              sx={{ height: 4, borderRadius: 2, mt: 0.5 }}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
};

const rowStatus = (row: VideoRow) => {
  if (row.kind === 'error') return { label: 'ERR', color: 'error' } as const;
  if (row.skipped) return { label: 'SKIPPED', color: 'default' } as const;
  return row.ok ? ({ label: 'OK', color: 'success' } as const) : ({ label: 'ERR', color: 'error' } as const);
};

const ResultCard = ({ rows, running }: { rows: VideoRow[]; running: boolean }) => (
  <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-label="Result">
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        Result
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">
          {running ? 'Waiting for the first section…' : 'No sections were rendered.'}
        </Typography>
      ) : (
        // No intrinsic width of its own (width 0, stretched by min-width): a wide table scrolls
        // sideways in here instead of widening the page on a phone.
        <TableContainer sx={{ width: 0, minWidth: '100%' }}>
          <Table size="small" aria-label="Rendered sections">
            <TableHead>
              <TableRow>
                <TableCell>Status</TableCell>
                <TableCell>ID</TableCell>
                <TableCell>Video</TableCell>
                <TableCell>Error</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => {
                const status = rowStatus(row);
                return (
                  <TableRow key={`${index}:${row.kind === 'item' ? row.id : 'error'}`}>
                    <TableCell>
                      <Chip size="small" label={status.label} color={status.color} />
                    </TableCell>
                    <TableCell component="th" scope="row">
                      {row.kind === 'item' ? row.id : null}
                    </TableCell>
                    <TableCell>
                      {row.kind === 'item' && row.url ? (
                        <Link href={row.url} target="_blank" rel="noopener" aria-label={`Play ${row.id}`}>
                          Play
                        </Link>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {row.kind === 'error'
                        ? row.message
                        : (row.error ?? (row.skipped && row.ok ? 'Up to date (skipped)' : null))}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </CardContent>
  </Card>
);
