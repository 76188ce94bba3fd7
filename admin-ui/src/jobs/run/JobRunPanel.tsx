import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Title } from 'react-admin';

import type { RunEnding, RunRow, RunView } from './useJobRun';

/** The words a run screen shows in its progress and result cards (the spec's, per screen). */
export interface RunPanelText {
  /** the progress bar's accessible name */
  progressLabel: string;
  countersTestId: string;
  counters(run: RunView): string;
  /** the result table's accessible name */
  tableLabel: string;
  /** the column of play links: Audio, Video */
  mediaColumn: string;
  /** the result card when no item finished */
  empty: string;
  /** when given, the result card shows while the run goes, with this until the first item */
  waiting?: string;
  /** a skipped item's status reads SKIPPED (else OK) */
  markSkipped?: boolean;
  /** the test id of the line about the item rendering now */
  currentTestId?: string;
}

const endingChip = (running: boolean, ending: RunEnding | null) => {
  if (running) return { label: 'Running', color: 'info' } as const;
  if (ending === 'cancelled') return { label: 'Cancelled', color: 'warning' } as const;
  if (ending === 'error') return { label: 'Stopped', color: 'error' } as const;
  return { label: 'Finished', color: 'success' } as const;
};

/** A run screen: its title and what it does, its form (`children`), then the run's panel. */
export const JobRunScreen = ({
  title,
  description,
  run,
  text,
  children,
}: {
  title: string;
  description: string;
  run: RunView;
  text: RunPanelText;
  children: ReactNode;
}) => (
  <Box sx={{ mt: 2, mb: 4, maxWidth: 960 }}>
    <Title title={title} />
    <Typography variant="h4" component="h1" gutterBottom>
      {title}
    </Typography>
    <Typography color="text.secondary" sx={{ mb: 3 }}>
      {description}
    </Typography>
    {children}
    <JobRunPanel run={run} text={text} />
  </Box>
);

/** A run's progress card and, once it has something to say, its result card. */
export const JobRunPanel = ({ run, text }: { run: RunView; text: RunPanelText }) => {
  if (run.phase === 'idle') return null;
  return (
    <>
      <ProgressCard run={run} text={text} />
      {(run.phase === 'finished' || text.waiting !== undefined) && <ResultCard run={run} text={text} />}
    </>
  );
};

const ProgressCard = ({ run, text }: { run: RunView; text: RunPanelText }) => {
  const chip = endingChip(run.running, run.ending);
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
          value={run.percent}
          aria-label={text.progressLabel}
          sx={{ height: 8, borderRadius: 4, mb: 1 }}
        />
        <Typography aria-live="polite" data-testid={text.countersTestId}>
          {text.counters(run)}
        </Typography>
        {run.notice && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {run.notice}
          </Typography>
        )}
        {run.running && run.current && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" data-testid={text.currentTestId} sx={{ overflowWrap: 'anywhere' }}>
              {`Rendering ${run.current.id}: ${run.current.percent}%`}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={run.current.percent}
              aria-label={`Rendering ${run.current.id}`}
              sx={{ height: 4, borderRadius: 2, mt: 0.5 }}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
};

const rowStatus = (row: RunRow, markSkipped: boolean) => {
  if (row.kind === 'error') return { label: 'ERR', color: 'error' } as const;
  if (row.skipped && markSkipped) return { label: 'SKIPPED', color: 'default' } as const;
  return row.ok ? ({ label: 'OK', color: 'success' } as const) : ({ label: 'ERR', color: 'error' } as const);
};

const ResultCard = ({ run, text }: { run: RunView; text: RunPanelText }) => (
  <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-label="Result">
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        Result
      </Typography>
      {run.failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {run.failure}
        </Alert>
      )}
      {run.rows.length === 0 ? (
        <Typography color="text.secondary">{run.running ? text.waiting : text.empty}</Typography>
      ) : (
        // No intrinsic width of its own (width 0, stretched by min-width): a wide table scrolls
        // sideways in here instead of widening the page on a phone.
        <TableContainer sx={{ width: 0, minWidth: '100%' }}>
          <Table size="small" aria-label={text.tableLabel}>
            <TableHead>
              <TableRow>
                <TableCell>Status</TableCell>
                <TableCell>ID</TableCell>
                <TableCell>{text.mediaColumn}</TableCell>
                <TableCell>Error</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {run.rows.map((row, index) => {
                const status = rowStatus(row, text.markSkipped ?? false);
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
