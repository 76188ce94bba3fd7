import { useState } from 'react';
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
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';

import { courseName, type CoursesLoad } from '../courses/course';
import type { StudioDataProvider } from '../providers/dataProvider';

export const CRAWLING = 'Crawling...';
export const indexedMessage = (n: number) => `Indexed ${n} docs`;
export const CRAWL_FAILED = 'Crawl failed';

const DEFAULT_SUBJECT = 'vagus-nerve';

/** The crawl text area's URLs: split on whitespace, empty entries dropped (the spec). */
const parseUrls = (text: string): string[] => text.split(/\s+/).filter((url) => url !== '');

/** Crawl & Index Sources: one URL per line, crawled and indexed for the chosen subject. */
export const CrawlSection = ({ load }: { load: CoursesLoad }) => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const notify = useNotify();
  const [chosen, setChosen] = useState<string | null>(null);
  const [text, setText] = useState('');

  const subjects = load.state === 'loaded' ? load.courses : [];
  const fallback = subjects.some((s) => s.subjectId === DEFAULT_SUBJECT)
    ? DEFAULT_SUBJECT
    : (subjects[0]?.subjectId ?? '');
  const subjectId = chosen ?? fallback;
  const urls = parseUrls(text);

  const crawlCall = useMutation({
    mutationFn: () => dataProvider.crawl(subjectId, urls),
    onMutate: () => notify(CRAWLING, { type: 'info' }),
    onSuccess: (done) => notify(indexedMessage(done.indexed), { type: 'success' }),
    onError: (error) => {
      console.error(`Crawl failed for ${subjectId}`, error);
      notify(CRAWL_FAILED, { type: 'error' });
    },
  });
  const running = crawlCall.isPending;
  const result = crawlCall.data;

  const crawl = () => {
    if (!running && subjectId && urls.length > 0) crawlCall.mutate();
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
