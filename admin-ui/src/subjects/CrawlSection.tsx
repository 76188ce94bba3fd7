import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';

import { crawlSources, parseUrls, type CrawlResult } from './subjectsApi';
import { courseName, type CoursesLoad } from '../courses/course';

export const CRAWLING = 'Crawling...';
export const indexedMessage = (n: number) => `Indexed ${n} docs`;
export const CRAWL_FAILED = 'Crawl failed';

const DEFAULT_SUBJECT = 'vagus-nerve';

/** Crawl & Index Sources: one URL per line, crawled and indexed for the chosen subject. */
export const CrawlSection = ({ load }: { load: CoursesLoad }) => {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [chosen, setChosen] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<CrawlResult | null>(null);
  const inFlight = useRef(false);

  const subjects = load.state === 'loaded' ? load.courses : [];
  const fallback = subjects.some((s) => s.subjectId === DEFAULT_SUBJECT)
    ? DEFAULT_SUBJECT
    : (subjects[0]?.subjectId ?? '');
  const subjectId = chosen ?? fallback;
  const urls = parseUrls(text);

  const crawl = async () => {
    if (inFlight.current || !subjectId || urls.length === 0) return;
    inFlight.current = true;
    setRunning(true);
    setResult(null);
    notify(CRAWLING, { type: 'info' });
    try {
      const done = await crawlSources(subjectId, urls);
      setResult(done);
      notify(indexedMessage(done.indexed), { type: 'success' });
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) {
        console.error(`Crawl failed for ${subjectId}`, error);
        notify(CRAWL_FAILED, { type: 'error' });
      }
    } finally {
      inFlight.current = false;
      setRunning(false);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="crawl-heading" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="crawl-heading" variant="h6" component="h2" gutterBottom>
          Crawl &amp; Index Sources
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          The pages are fetched and indexed as sources for the subject's tutor answers.
        </Typography>
        {load.state === 'error' && (
          <Alert severity="error" sx={{ mb: 2 }}>
            Could not load the subjects: {load.message}
          </Alert>
        )}
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            label="Subject"
            value={subjects.some((s) => s.subjectId === subjectId) ? subjectId : ''}
            onChange={(event) => setChosen(event.target.value)}
            disabled={running || subjects.length === 0}
            sx={{ maxWidth: 360 }}
          >
            {subjects.map((subject) => (
              <MenuItem key={subject.subjectId} value={subject.subjectId}>
                {courseName(subject) === subject.subjectId
                  ? subject.subjectId
                  : `${courseName(subject)} (${subject.subjectId})`}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="URLs (one per line)"
            multiline
            minRows={4}
            fullWidth
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={'https://example.org/article\nhttps://example.org/another'}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <Box>
            <Button
              variant="contained"
              onClick={crawl}
              disabled={running || !subjectId || urls.length === 0}
              startIcon={running ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
            >
              Crawl
            </Button>
          </Box>
        </Stack>
        {result && result.failed.length > 0 && (
          <Box sx={{ mt: 2 }} component="section" aria-label="URLs not indexed">
            <Typography variant="subtitle2">Not indexed</Typography>
            <List dense>
              {result.failed.map((f) => (
                <ListItem key={f.url} disableGutters>
                  <ListItemText primary={f.url} secondary={f.reason || undefined} />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
