import { useId, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useMutation } from '@tanstack/react-query';
import {
  ListBase,
  Pagination,
  type SortPayload,
  Title,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';
import { formatWhen } from '../shared/formatWhen';
import type { Grade, ReviewItem } from './reviewMethods';

export const NO_ITEMS = 'No items pending';
export const GRADE_SAVED = 'Grade saved';
export const LOAD_FAILED = 'Could not load the review queue';

const REVIEW = 'review';
/** The queue shows pending items, oldest first (docs/challenges-api.md). */
const PENDING = { status: 'pending' } as const;
const OLDEST_FIRST: SortPayload = { field: 'createdAt', order: 'ASC' };
const REVIEW_PAGE_SIZE = 25;

/** The spec's defaults for a new grade. */
const DEFAULT_SCORE = '0.8';
const DEFAULT_PASSED = true;

/** The Score field parsed as a number: 0 when it is not numeric (the spec). */
const parseScore = (text: string): number => {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : 0;
};

/** Only http(s) links are opened: anything else is shown as text. */
const isWebLink = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

// The screen shows its own error; react-admin's default error toast would say it twice.
const quiet = () => {};

/**
 * Studio → Review: the pending submissions (`review` resource, status pending, oldest first) in one
 * column and the selected item's details and grade form in the other (stacked on a phone). Saving a
 * grade closes the item and reads the queue again.
 */
export const ReviewQueue = () => (
  <ListBase<ReviewItem>
    resource={REVIEW}
    filter={PENDING}
    sort={OLDEST_FIRST}
    perPage={REVIEW_PAGE_SIZE}
    disableSyncWithLocation
    queryOptions={{ onError: quiet }}
  >
    <Title title="Review" />
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Review
      </Typography>
      <ReviewColumns />
    </Box>
  </ListBase>
);

const ReviewColumns = () => {
  const { data, error, isPending, total } = useListContext<ReviewItem>();
  const refresh = useRefresh();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = data?.find((item) => item.id === selectedId) ?? null;
  const pendingId = useId();
  const detailsId = useId();
  const detailsHeading = useRef<HTMLHeadingElement>(null);

  const select = (id: string) => {
    setSelectedId(id);
    // On a phone the details are below the list: moving focus there also scrolls to them.
    requestAnimationFrame(() => detailsHeading.current?.focus());
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" component="section" aria-labelledby={pendingId} sx={{ p: 2 }}>
        <Typography id={pendingId} variant="h6" component="h2" gutterBottom>
          Pending Items
        </Typography>
        {isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label="Loading pending items" />
          </Box>
        ) : error ? (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            {`${LOAD_FAILED}: ${apiErrorMessage(error, 'unknown error')}`}
          </Alert>
        ) : !data?.length ? (
          <Typography color="text.secondary">{NO_ITEMS}</Typography>
        ) : (
          <>
            <List aria-labelledby={pendingId} disablePadding>
              {data.map((item) => (
                <ListItem key={item.id} disablePadding>
                  <ListItemButton
                    selected={item.id === selectedId}
                    aria-current={item.id === selectedId ? 'true' : undefined}
                    onClick={() => select(item.id)}
                    sx={{ borderRadius: 1 }}
                  >
                    <ListItemText
                      primary={item.title}
                      secondary={`${item.type === 'link' ? 'Link' : 'Answers'} · ${formatWhen(item.createdAt)}`}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            {(total ?? 0) > REVIEW_PAGE_SIZE && <Pagination rowsPerPageOptions={[REVIEW_PAGE_SIZE]} />}
          </>
        )}
      </Paper>

      <Paper variant="outlined" component="section" aria-labelledby={detailsId} sx={{ p: 2 }}>
        <Typography
          id={detailsId}
          ref={detailsHeading}
          tabIndex={-1}
          variant="h6"
          component="h2"
          gutterBottom
          sx={{ outline: 'none' }}
        >
          Details
        </Typography>
        {selected ? (
          <GradeForm
            key={selected.id}
            item={selected}
            onClose={() => setSelectedId(null)}
            onSaved={() => {
              setSelectedId(null);
              refresh();
            }}
          />
        ) : (
          <Typography color="text.secondary">Select a pending item to grade it.</Typography>
        )}
      </Paper>
    </Box>
  );
};

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </>
);

const GradeForm = ({ item, onClose, onSaved }: { item: ReviewItem; onClose: () => void; onSaved: () => void }) => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const notify = useNotify();
  const [score, setScore] = useState(DEFAULT_SCORE);
  const [passed, setPassed] = useState(DEFAULT_PASSED);
  const [note, setNote] = useState('');
  const grade = useMutation({
    mutationFn: (values: Grade) => dataProvider.grade(item.id, values),
    onSuccess: () => {
      notify(GRADE_SAVED, { type: 'success' });
      onSaved();
    },
  });
  const saving = grade.isPending;
  const error = grade.error ? apiErrorMessage(grade.error, 'The grade was not saved.') : null;

  const save = () => {
    if (!saving) grade.mutate({ passed, score: parseScore(score), rubric: { note } });
  };

  return (
    <Box
      component="form"
      aria-label={`Grade ${item.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>
        {item.title}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        <Detail label="Type">{item.type}</Detail>
        <Detail label="Validator">{item.validatorType}</Detail>
        <Detail label="Task">{item.taskId}</Detail>
        <Detail label="User">{item.userId}</Detail>
        <Detail label="Submitted">{formatWhen(item.createdAt)}</Detail>
      </Box>

      <Box sx={{ my: 2 }}>
        {item.type === 'link' ? (
          isWebLink(item.url) ? (
            <>
              <Button
                component="a"
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="outlined"
                endIcon={<OpenInNewIcon />}
              >
                Open link
              </Button>
              <Typography variant="body2" sx={{ mt: 1, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {item.url}
              </Typography>
            </>
          ) : (
            <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {item.url ?? 'No link'}
            </Typography>
          )
        ) : (
          <TextField
            label="Content"
            value={item.content ?? ''}
            multiline
            minRows={3}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        )}
      </Box>

      <Stack spacing={2}>
        <TextField
          label="Score"
          value={score}
          onChange={(event) => setScore(event.target.value)}
          helperText="0 to 1"
          disabled={saving}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ maxWidth: 200 }}
        />
        <FormControlLabel
          control={<Checkbox checked={passed} onChange={(event) => setPassed(event.target.checked)} />}
          label="Passed"
          disabled={saving}
        />
        <TextField
          label="Rubric notes"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          disabled={saving}
        />
        {error && (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            {error}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            Save grade
          </Button>
          <Button onClick={onClose} disabled={saving}>
            Close
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
};
