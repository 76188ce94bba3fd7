import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  List,
  ListItem,
  ListItemText,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Title, useDataProvider, useNotify } from 'react-admin';

import { serverMessage } from '../providers/apiErrorMessage';
import type { Answer } from '../providers/apiCall';
import type { StudioDataProvider } from '../providers/dataProvider';
import type { MigrationRequest, TakePack } from './migrateMethods';

export const successMessage = (totalMigrated: number) =>
  `Migration Successful! Migrated ${totalMigrated} nodes from REST API to PostgreSQL`;

export const failureMessage = (message: string) => `Migration Failed: ${message}`;

const FALLBACK_FAILURE_MESSAGE = 'Failed to migrate content';

type MigrationResult = Answer<'/api/admin/migrate', 'post'>;

/** Whether `value` looks like an absolute http(s) URL with a host. */
const isHttpUrl = (value: string): boolean => {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
};

export const Migrate = () => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const notify = useNotify();
  const [source, setSource] = useState<MigrationRequest['source']>('bundled');
  const [baseUrl, setBaseUrl] = useState('');
  const migration = useMutation({
    mutationFn: (request: MigrationRequest) => dataProvider.migrate(request),
    onSuccess: (done) => notify(successMessage(done.totalMigrated), { type: 'success', multiLine: true }),
    // the server's message, else the spec's words (a network failure, an empty or non-JSON body)
    onError: (error) =>
      notify(failureMessage(serverMessage(error) ?? FALLBACK_FAILURE_MESSAGE), { type: 'error', multiLine: true }),
  });
  const running = migration.isPending;
  const result = migration.data;
  const sourceLabelId = useId();

  const urlValid = isHttpUrl(baseUrl);
  const showUrlError = source === 'rest' && baseUrl.trim() !== '' && !urlValid;
  const canStart = !running && (source === 'bundled' || urlValid);

  const run = (takePack?: TakePack) => {
    if (!canStart) return;
    const request: MigrationRequest = source === 'rest' ? { source: 'rest', baseUrl } : { source: 'bundled' };
    migration.mutate(takePack ? { ...request, takePack } : request);
  };

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 900 }}>
      <Title title="Migrate" />
      <Typography variant="h4" component="h1" gutterBottom>
        Migrate
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Imports every course (subjects, topic nodes, prerequisites, quiz items, lecture sections and challenges) into
        PostgreSQL, from the bundled content folder or from a legacy REST API.
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Running it again updates changed content and creates no duplicates. Topics changed in the Studio are kept as
        they are and listed.
      </Typography>

      <FormControl component="fieldset" sx={{ display: 'block', mb: 2 }} disabled={running}>
        <FormLabel id={sourceLabelId}>Source</FormLabel>
        <RadioGroup
          aria-labelledby={sourceLabelId}
          name="migration-source"
          value={source}
          onChange={(event) => setSource(event.target.value as MigrationRequest['source'])}
        >
          <FormControlLabel value="bundled" control={<Radio />} label="Bundled content" />
          <FormControlLabel value="rest" control={<Radio />} label="Legacy REST API" />
        </RadioGroup>
      </FormControl>

      {source === 'rest' && (
        <TextField
          label="Legacy API base URL"
          placeholder="https://legacy.example.com/api"
          type="url"
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
          disabled={running}
          required
          fullWidth
          error={showUrlError}
          helperText={showUrlError ? 'Enter an http:// or https:// URL' : 'An http:// or https:// URL'}
          sx={{ mb: 2, maxWidth: 560 }}
        />
      )}

      <Box>
        <Button
          variant="contained"
          onClick={() => run()}
          disabled={!canStart}
          startIcon={
            running ? <CircularProgress size={18} color="inherit" aria-label="Migration running" /> : undefined
          }
        >
          {running ? 'Migrating...' : 'Start Content Migration'}
        </Button>
      </Box>

      {result && <MigrationResultCard result={result} running={running} onTakePack={run} />}
    </Box>
  );
};

const MigrationResultCard = ({
  result,
  running,
  onTakePack,
}: {
  result: MigrationResult;
  running: boolean;
  onTakePack: (takePack: TakePack) => void;
}) => (
  <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-label="Migration result">
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        Migration result
      </Typography>
      <Alert severity="success" sx={{ mb: 2 }}>
        {result.totalMigrated} nodes migrated
      </Alert>

      <TableContainer sx={{ mb: 2 }}>
        <Table size="small" aria-label="Migrated subjects">
          <TableHead>
            <TableRow>
              <TableCell>Subject</TableCell>
              <TableCell align="right">Nodes</TableCell>
              <TableCell align="right">Created</TableCell>
              <TableCell align="right">Updated</TableCell>
              <TableCell align="right">Unchanged</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.subjects.map((subject) => (
              <TableRow key={subject.id}>
                <TableCell component="th" scope="row">
                  {subject.id}
                </TableCell>
                <TableCell align="right">{subject.nodes}</TableCell>
                <TableCell align="right">{subject.created}</TableCell>
                <TableCell align="right">{subject.updated}</TableCell>
                <TableCell align="right">{subject.unchanged}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

      <Typography sx={{ mb: 2 }}>Challenges: {result.challenges}</Typography>

      <KeptStudioEdits key={result.jobId} kept={result.keptStudioEdits} running={running} onTakePack={onTakePack} />

      <Typography variant="subtitle1" component="h3">
        Skipped items
      </Typography>
      {result.skipped.length === 0 ? (
        <Typography color="text.secondary">Nothing was skipped</Typography>
      ) : (
        <List dense aria-label="Skipped items">
          {result.skipped.map((item, index) => (
            <ListItem key={`${index}:${item.subject}/${item.id}`} disableGutters>
              <ListItemText primary={`${item.subject} / ${item.id}`} secondary={item.reason} />
            </ListItem>
          ))}
        </List>
      )}
    </CardContent>
  </Card>
);

type Kept = MigrationResult['keptStudioEdits'][number];
const keyOf = (topic: Kept) => `${topic.subjectId}/${topic.nodeId}`;

/**
 * Topics the import left as the Studio made them ("kept Studio edits: …"). The author may choose some to take
 * the content pack's version of, and run the migration again for them.
 */
const KeptStudioEdits = ({
  kept,
  running,
  onTakePack,
}: {
  kept: Kept[];
  running: boolean;
  onTakePack: (takePack: TakePack) => void;
}) => {
  const [chosen, setChosen] = useState<string[]>([]);
  const legendId = useId();
  if (kept.length === 0) return null;
  const toggle = (key: string) =>
    setChosen((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));
  const takePack = kept
    .filter((t) => chosen.includes(keyOf(t)))
    .map(({ subjectId, nodeId }) => ({ subjectId, nodeId }));
  return (
    <Box component="section" aria-labelledby={legendId} sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" id={legendId}>
        Kept Studio edits
      </Typography>
      <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        kept Studio edits: {kept.map((t) => `${t.title} (${keyOf(t)})`).join(', ')}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
        These topics were changed in the Studio, so the import left them as they are. To replace a topic with the
        content pack&apos;s version, choose it and run the migration again.
      </Typography>
      <FormGroup aria-label="Take the content pack's version of">
        {kept.map((topic) => (
          <FormControlLabel
            key={keyOf(topic)}
            control={<Checkbox checked={chosen.includes(keyOf(topic))} onChange={() => toggle(keyOf(topic))} />}
            label={`Take the pack's version of ${topic.title} (${keyOf(topic)})`}
            disabled={running}
          />
        ))}
      </FormGroup>
      <Button
        variant="outlined"
        onClick={() => onTakePack(takePack)}
        disabled={running || takePack.length === 0}
        sx={{ mt: 1 }}
      >
        Run again with the pack&apos;s version of {takePack.length === 1 ? '1 topic' : `${takePack.length} topics`}
      </Button>
    </Box>
  );
};
