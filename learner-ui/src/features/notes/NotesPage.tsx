import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import NotesIcon from '@mui/icons-material/StickyNote2Outlined';
import { errorMessage, noteText, type Note } from '../../api';
import { formatDate, isWithinLastWeek } from '../common/dates';
import { StatsAndSearch } from '../common/StatsAndSearch';
import { ArchivedTopicChip } from '../common/ArchivedTopicChip';
import { nodePath } from '../graph/links';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { useToast } from '../toast/toast-context';
import { DEFAULT_SUBJECT, useCreateNote, useDeleteNote, useNotes, useUpdateNote } from './hooks';
import { NoteDialog, type NoteDraft } from './NoteDialog';

const EMPTY_DRAFT: NoteDraft = { title: '', content: '' };

/** /notes?subject (default metabolic): the caller's notes with search, stats and a New Note dialog. */
export function NotesPage() {
  const [subjectParam] = useSubjectParam();
  const subjectId = subjectParam ?? DEFAULT_SUBJECT;
  const notes = useNotes(subjectId);
  const createNote = useCreateNote();
  const updateNote = useUpdateNote();
  const deleteNote = useDeleteNote();
  const { toast } = useToast();

  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ note: Note | null } | null>(null);

  const all = useMemo(() => notes.data ?? [], [notes.data]);
  const filtered = useMemo(() => {
    const term = search.trim().toLowerCase();
    if (!term) return all;
    return all.filter((n) => [n.title, n.content, n.nodeName ?? ''].some((t) => t.toLowerCase().includes(term)));
  }, [all, search]);
  const linked = all.filter((n) => !!n.nodeId).length;
  const thisWeek = all.filter((n) => isWithinLastWeek(n.createdAt)).length;

  const save = (draft: NoteDraft) => {
    const text = noteText(draft.title, draft.content);
    const editing = dialog?.note;
    const onError = (err: unknown) =>
      toast({ title: 'Note not saved', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    if (editing) {
      updateNote.mutate(
        { id: editing.id, text },
        { onSuccess: () => (setDialog(null), toast({ title: 'Note updated', variant: 'success' })), onError },
      );
    } else {
      createNote.mutate(
        { subjectId, text },
        { onSuccess: () => (setDialog(null), toast({ title: 'Note saved', variant: 'success' })), onError },
      );
    }
  };

  const remove = (note: Note) =>
    deleteNote.mutate(note.id, {
      onSuccess: () => toast({ title: 'Note deleted', variant: 'success' }),
      onError: (err) =>
        toast({
          title: 'Note not deleted',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
      >
        <Box>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
            My Notes
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Everything you wrote down while studying.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ note: null })}>
          New Note
        </Button>
      </Stack>

      <StatsAndSearch
        stats={[
          { label: 'Total Notes', value: all.length },
          { label: 'Linked to Topics', value: linked },
          { label: 'This Week', value: thisWeek },
        ]}
        loading={notes.isLoading}
        searchLabel="Search notes"
        search={search}
        onSearchChange={setSearch}
      />

      {notes.isLoading ? (
        <Grid container spacing={3} aria-busy="true" aria-label="Loading notes" data-testid="notes-loading">
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Skeleton width="60%" />
                <Skeleton />
                <Skeleton />
                <Skeleton width="40%" />
              </Paper>
            </Grid>
          ))}
        </Grid>
      ) : notes.isError ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography color="text.secondary">{errorMessage(notes.error, 'Your notes could not be loaded.')}</Typography>
          <Button sx={{ mt: 2 }} onClick={() => void notes.refetch()}>
            Try again
          </Button>
        </Paper>
      ) : filtered.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <NotesIcon color="primary" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {all.length === 0 ? 'No notes yet' : 'No notes found'}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {all.length === 0 ? 'Create a note here, or add one from any topic page.' : 'Try a different search.'}
          </Typography>
        </Paper>
      ) : (
        <Grid container spacing={3}>
          {filtered.map((note) => (
            <Grid key={note.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <NoteCard
                note={note}
                onEdit={() => setDialog({ note })}
                onDelete={() => remove(note)}
                deleting={deleteNote.isPending && deleteNote.variables === note.id}
              />
            </Grid>
          ))}
        </Grid>
      )}

      <NoteDialog
        open={dialog !== null}
        heading={dialog?.note ? 'Edit Note' : 'New Note'}
        initial={dialog?.note ? { title: dialog.note.title, content: dialog.note.content } : EMPTY_DRAFT}
        saving={createNote.isPending || updateNote.isPending}
        onClose={() => setDialog(null)}
        onSave={save}
      />
    </Box>
  );
}

function NoteCard({
  note,
  onEdit,
  onDelete,
  deleting,
}: {
  note: Note;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const titleId = `note-${note.id}-title`;
  const title = note.title || 'Untitled note';
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {title}
          </Typography>
          <Stack direction="row">
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit ${title}`} onClick={onEdit}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size="small" aria-label={`Delete ${title}`} onClick={onDelete} disabled={deleting}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="note-summary"
          sx={{
            mt: 1,
            whiteSpace: 'pre-line',
            display: '-webkit-box',
            WebkitLineClamp: 4,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {note.content}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          {note.nodeId &&
            (note.archived ? (
              // a retired topic has no page to open: its name stays, labelled, not a link
              <>
                <Chip size="small" variant="outlined" label={note.nodeName || note.nodeId} data-testid="note-topic" />
                <ArchivedTopicChip />
              </>
            ) : (
              <Chip
                size="small"
                variant="outlined"
                label={note.nodeName || note.nodeId}
                component={RouterLink}
                to={nodePath(note.nodeId, note.subjectId)}
                clickable
                data-testid="note-topic"
              />
            ))}
          <Typography variant="caption" color="text.secondary">
            {formatDate(note.createdAt)}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
