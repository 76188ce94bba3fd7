import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
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
import { ListBase, Pagination, Title, useListContext, useLogoutIfAccessDenied, useNotify } from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import {
  DEFAULT_PASSED,
  DEFAULT_SCORE,
  formatWhen,
  gradeItem,
  isWebLink,
  OLDEST_FIRST,
  parseScore,
  PENDING,
  REVIEW,
  REVIEW_PAGE_SIZE,
  type ReviewItem,
} from './reviewApi';

export const NO_ITEMS = 'No items pending';
export const GRADE_SAVED = 'Grade saved';
export const LOAD_FAILED = 'Could not load the review queue';

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
  const { data, error, isPending, refetch, total } = useListContext<ReviewItem>();
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
              void refetch();
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
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [score, setScore] = useState(DEFAULT_SCORE);
  const [passed, setPassed] = useState(DEFAULT_PASSED);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const save = async () => {
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      await gradeItem(item.id, { passed, score: parseScore(score), rubric: { note } });
      notify(GRADE_SAVED, { type: 'success' });
      onSaved();
    } catch (failure) {
      if (await logoutIfAccessDenied(failure)) return;
      if (mounted.current) setError(apiErrorMessage(failure, 'The grade was not saved.'));
    } finally {
      if (mounted.current) setSaving(false);
    }
  };

  return (
    <Box
      component="form"
      aria-label={`Grade ${item.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
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
