import { useEffect, useRef, useState } from 'react';
import {
  Alert,
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useNotify } from 'react-admin';

import { useSubjectOptions } from '../versions/SubjectSelect';
import {
  cancelBulk,
  listTtsSubjects,
  newJobId,
  progressPercent,
  runBulk,
  streamBulk,
  type BulkEvent,
  type BulkItem,
  type Counters,
  type TtsSubject,
} from './ttsApi';

export const SUBJECT_REQUIRED = 'Synthesis needs a subject';

type Phase = 'idle' | 'running' | 'finished';

const ZERO: Counters = { attempted: 0, succeeded: 0, failed: 0, skipped: 0, total: null };

const TTS_SUBJECTS_KEY = ['tts', 'subjects'];

/** The subject choices: `GET /api/tts/subjects` with their audio counts, else the Studio's courses. */
const useTtsSubjectOptions = () => {
  const ttsSubjects = useQuery({ queryKey: TTS_SUBJECTS_KEY, queryFn: listTtsSubjects, retry: false });
  const courses = useSubjectOptions();
  if (ttsSubjects.data && ttsSubjects.data.length > 0) {
    return ttsSubjects.data.map((s) => ({ id: s.subject, label: subjectLabel(s) }));
  }
  return courses.map((c) => ({ id: c.id, label: c.title === c.id ? c.id : `${c.title} (${c.id})` }));
};

const subjectLabel = (s: TtsSubject) =>
  `${s.subject} (${s.sections} sections, ${s.withAudio} with audio${s.stale ? `, ${s.stale} stale` : ''})`;

/**
 * TTS Synthesis: turns every lecture section of a subject into audio in one run and shows it
 * happen, from the NDJSON stream of the run's events (falling back to the non-streamed call).
 */
export const TtsSynthesis = () => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const options = useTtsSubjectOptions();
  const [subject, setSubject] = useState('');
  const [voiceId, setVoiceId] = useState('');
  const [includeAll, setIncludeAll] = useState(false);
  const [subjectError, setSubjectError] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [counters, setCounters] = useState<Counters>(ZERO);
  const [items, setItems] = useState<BulkItem[]>([]);
  const [cancelled, setCancelled] = useState(false);
  const [engine, setEngine] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const jobId = useRef<string | null>(null);
  const inFlight = useRef(false);
  const unmounted = useRef<AbortController | null>(null);

  // Leaving the screen stops reading the stream; the run itself goes on in the worker.
  useEffect(() => {
    const controller = new AbortController();
    unmounted.current = controller;
    return () => controller.abort();
  }, []);

  const onEvent = (event: BulkEvent) => {
    switch (event.type) {
      case 'start':
        setCounters((c) => ({ ...c, total: event.total }));
        setEngine(event.message ?? (event.provider ? `Engine: ${event.provider}` : null));
        break;
      case 'item': {
        const { id, ok, url, error, skipped } = event;
        setItems((list) => [...list, { id, ok, url, error, skipped }]);
        setCounters((c) => ({
          total: c.total,
          attempted: event.attempted ?? c.attempted + (skipped ? 0 : 1),
          succeeded: event.succeeded ?? c.succeeded + (ok && !skipped ? 1 : 0),
          failed: event.failed ?? c.failed + (ok ? 0 : 1),
          skipped: event.skippedCount ?? c.skipped + (skipped ? 1 : 0),
        }));
        break;
      }
      case 'done':
      case 'cancelled':
        if (event.type === 'cancelled') setCancelled(true);
        setCounters((c) => ({
          attempted: event.attempted ?? c.attempted,
          succeeded: event.succeeded ?? c.succeeded,
          failed: event.failed ?? c.failed,
          skipped: event.skipped ?? c.skipped,
          total: event.total ?? c.total,
        }));
        break;
    }
  };

  const start = async () => {
    if (inFlight.current) return;
    if (!subject) {
      setSubjectError(true);
      return;
    }
    inFlight.current = true;
    const id = newJobId();
    jobId.current = id;
    const request = { subject, voiceId: voiceId.trim() || undefined, includeAll };
    setPhase('running');
    setCounters(ZERO);
    setItems([]);
    setCancelled(false);
    setEngine(null);
    setFailure(null);
    setCancelling(false);
    const signal = unmounted.current?.signal;
    try {
      await streamBulk(request, id, onEvent, signal);
    } catch (streamFailure) {
      if (signal?.aborted) return;
      // Any failure of the stream: run the same job through the non-streamed call instead.
      console.warn('TTS stream failed, falling back to the non-streamed call', streamFailure);
      setItems([]);
      setCounters(ZERO);
      try {
        const result = await runBulk(request);
        if (signal?.aborted) return;
        setItems(result.items);
        setCounters(result);
      } catch (error) {
        if (signal?.aborted) return;
        setItems([]);
        setCounters(ZERO);
        setFailure(error instanceof Error && error.message ? error.message : 'Failed');
      }
    } finally {
      inFlight.current = false;
      if (!signal?.aborted) {
        setPhase('finished');
        setCancelling(false);
        void queryClient.invalidateQueries({ queryKey: TTS_SUBJECTS_KEY });
      }
    }
  };

  const cancel = async () => {
    const id = jobId.current;
    if (!id || phase !== 'running') return;
    setCancelling(true);
    try {
      await cancelBulk(id);
    } catch {
      setCancelling(false);
      notify('Cancel failed', { type: 'error' });
    }
  };

  const running = phase === 'running';
  const percent = progressPercent(counters, running);

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 960 }}>
      <Title title="TTS Synthesis" />
      <Typography variant="h4" component="h1" gutterBottom>
        TTS Synthesis
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Turns every lecture section of a subject into audio with captions. Sections whose audio is current are skipped
        unless you re-synthesize all.
      </Typography>

      <Stack
        component="form"
        spacing={2}
        sx={{ maxWidth: 560 }}
        noValidate
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
        <TextField
          size="small"
          label="Voice ID (optional)"
          value={voiceId}
          onChange={(event) => setVoiceId(event.target.value)}
          disabled={running}
          helperText="Leave empty for the engine's default voice"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={includeAll}
              onChange={(event) => setIncludeAll(event.target.checked)}
              disabled={running}
            />
          }
          label="Re-synthesize all sections"
        />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={running}>
            Synthesize All Sections
          </Button>
          <Button variant="outlined" color="warning" onClick={() => void cancel()} disabled={!running || cancelling}>
            Cancel
          </Button>
        </Stack>
      </Stack>

      {phase !== 'idle' && (
        <ProgressCard counters={counters} percent={percent} running={running} cancelled={cancelled} engine={engine} />
      )}
      {phase === 'finished' && <ResultCard items={items} failure={failure} />}
    </Box>
  );
};

const ProgressCard = ({
  counters,
  percent,
  running,
  cancelled,
  engine,
}: {
  counters: Counters;
  percent: number;
  running: boolean;
  cancelled: boolean;
  engine: string | null;
}) => (
  <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-label="Progress">
    <CardContent>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Progress
        </Typography>
        <Chip
          size="small"
          label={running ? 'Running' : cancelled ? 'Cancelled' : 'Finished'}
          color={running ? 'info' : cancelled ? 'warning' : 'success'}
        />
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Synthesis progress"
        sx={{ height: 8, borderRadius: 4, mb: 1 }}
      />
      <Typography aria-live="polite" data-testid="tts-counters">
        {`${counters.attempted} attempted, ${counters.succeeded} succeeded, ${counters.failed} failed, ${counters.skipped} skipped of ${counters.total ?? '?'}`}
      </Typography>
      {engine && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {engine}
        </Typography>
      )}
    </CardContent>
  </Card>
);

const ResultCard = ({ items, failure }: { items: BulkItem[]; failure: string | null }) => (
  <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-label="Result">
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        Result
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {items.length === 0 ? (
        <Typography color="text.secondary">No sections were synthesized.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Synthesized sections">
            <TableHead>
              <TableRow>
                <TableCell>Status</TableCell>
                <TableCell>ID</TableCell>
                <TableCell>Audio</TableCell>
                <TableCell>Error</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item, index) => (
                <TableRow key={`${index}:${item.id}`}>
                  <TableCell>
                    <Chip size="small" label={item.ok ? 'OK' : 'ERR'} color={item.ok ? 'success' : 'error'} />
                  </TableCell>
                  <TableCell component="th" scope="row">
                    {item.id}
                  </TableCell>
                  <TableCell>
                    {item.url ? (
                      <Link href={item.url} target="_blank" rel="noopener" aria-label={`Play ${item.id}`}>
                        Play
                      </Link>
                    ) : null}
                  </TableCell>
                  <TableCell>{item.error ?? (item.skipped ? 'Up to date (skipped)' : null)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </CardContent>
  </Card>
);
