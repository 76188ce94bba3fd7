import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { sanitizeHtmlForPreview } from '@lp/shared/html';

import { type DraftNode, type NodeDraftSave, VARIANT_KEYS } from './authoring';
import { toSave } from './useDraftNode';

/** Plain text of a piece of learner html, for comparing two versions side by side. */
const textOf = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = sanitizeHtmlForPreview(html);
  return (div.textContent ?? '').replace(/\s+/g, ' ').trim();
};

interface Difference {
  field: string;
  mine: string;
  theirs: string;
}

const quizText = (quiz: NodeDraftSave['quiz']) =>
  quiz
    .map(
      (item, i) =>
        `${i + 1}. ${item.stem} [${item.choices.map((c) => `${c.id === item.correct ? '✓' : ''}${c.id}) ${c.text}`).join(' · ')}]`,
    )
    .join('\n');

/** The fields in which the author's version and the one saved since differ, as readable text. */
export const differences = (mine: NodeDraftSave, current: DraftNode): Difference[] => {
  const theirs = toSave(current);
  const rows: Difference[] = [];
  const add = (field: string, a: string, b: string) => {
    if (a !== b) rows.push({ field, mine: a || '(empty)', theirs: b || '(empty)' });
  };
  add('Title', mine.title, theirs.title);
  add('Summary', textOf(mine.summary_html), textOf(theirs.summary_html));
  add('Lesson', textOf(mine.lesson_html), textOf(theirs.lesson_html));
  for (const key of VARIANT_KEYS) add(`Variant: ${key}`, textOf(mine.variants[key]), textOf(theirs.variants[key]));
  add('Quiz', quizText(mine.quiz), quizText(theirs.quiz));
  add('Module', mine.moduleId, theirs.moduleId);
  add('Prerequisites', mine.prerequisites.join(', '), theirs.prerequisites.join(', '));
  add(
    'Sources',
    mine.sources.map((s) => `${s.title} (${s.url})`).join('\n'),
    theirs.sources.map((s) => `${s.title} (${s.url})`).join('\n'),
  );
  add('Video', mine.video?.title ?? '', theirs.video?.title ?? '');
  // html that differs only in markup reads the same: say so rather than show nothing
  if (rows.length === 0) rows.push({ field: 'Formatting', mine: 'your formatting', theirs: 'their formatting' });
  return rows;
};

const Version = ({ label, text }: { label: string; text: string }) => (
  <Paper variant="outlined" sx={{ p: 1.5, flex: 1, minWidth: 0 }}>
    <Typography variant="overline" component="p">
      {label}
    </Typography>
    <Typography
      variant="body2"
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 180, overflowY: 'auto' }}
      tabIndex={0}
    >
      {text}
    </Typography>
  </Paper>
);

/**
 * 412 on save: someone saved the topic since it was loaded. Both versions, field by field; the author
 * reloads theirs (dropping these edits) or overwrites it knowingly.
 */
export const ConflictDialog = ({
  mine,
  current,
  busy,
  onReload,
  onOverwrite,
  onClose,
}: {
  mine: NodeDraftSave;
  current: DraftNode;
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) => {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const rows = differences(mine, current);
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="md"
      fullWidth
      fullScreen={narrow}
      aria-labelledby="conflict-title"
    >
      <DialogTitle id="conflict-title">Someone else saved this topic</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          This topic was changed and saved by someone else after you opened it. Your changes are not saved yet. Compare
          the two versions, then reload theirs (your changes are discarded) or overwrite theirs with yours.
        </DialogContentText>
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Differences">
          {rows.map((row) => (
            <Box component="li" key={row.field}>
              <Typography variant="subtitle2" component="h3" gutterBottom>
                {row.field}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Version label="Your version" text={row.mine} />
                <Version label="Saved version" text={row.theirs} />
              </Stack>
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          Keep editing
        </Button>
        <Button onClick={onReload} disabled={busy} variant="outlined">
          Reload their version
        </Button>
        <Button onClick={onOverwrite} disabled={busy} variant="contained" color="warning">
          Overwrite with mine
        </Button>
      </DialogActions>
    </Dialog>
  );
};
