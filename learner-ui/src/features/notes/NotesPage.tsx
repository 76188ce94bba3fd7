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
import { useSubjectOptions } from '../subjects/hooks/useSubjects';
import { CourseFilter } from '../common/CourseFilter';
import { useCreateNote, useDeleteNote, useNotes, useUpdateNote } from './hooks';
import { NoteDialog, type NoteDraft } from './NoteDialog';
import { useCourseNames } from './useCourseNames';

const EMPTY_DRAFT: NoteDraft = { title: '', content: '' };

/**
 * /notes?subject: the caller's notes with search, stats and a New Note dialog. With a course chosen in
 * the header, that course's notes; without, every course's, grouped under course headings with a course
 * filter (the spec's hard-coded default course is gone). A new note needs a course the learner owns: the
 * header's, else one picked in the dialog.
 */
export function NotesPage() {
  const [subjectParam] = useSubjectParam();
  const notes = useNotes(subjectParam);
  const owned = useSubjectOptions();
  const courseName = useCourseNames();
  const createNote = useCreateNote();
  const updateNote = useUpdateNote();
  const deleteNote = useDeleteNote();
  const { toast } = useToast();

  const [search, setSearch] = useState('');
  const [course, setCourse] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ note: Note | null } | null>(null);

  const loaded = useMemo(() => notes.data ?? [], [notes.data]);
  // the courses the notes are on, for the filter and the headings
  const courses = useMemo(
    () => [...new Set(loaded.map((n) => n.subjectId))].map((id) => ({ id, name: courseName(id) })),
    [loaded, courseName],
  );
  const filter = subjectParam || !courses.some((c) => c.id === course) ? null : course;
  const all = useMemo(() => (filter ? loaded.filter((n) => n.subjectId === filter) : loaded), [loaded, filter]);
  const filtered = useMemo(() => {
    const term = search.trim().toLowerCase();
    if (!term) return all;
    return all.filter((n) => [n.title, n.content, n.nodeName ?? ''].some((t) => t.toLowerCase().includes(term)));
  }, [all, search]);
  const grouped = !subjectParam;
  const groups = useMemo(() => {
    const byCourse = new Map<string, Note[]>();
    for (const n of filtered) byCourse.set(n.subjectId, [...(byCourse.get(n.subjectId) ?? []), n]);
    return [...byCourse.entries()];
  }, [filtered]);
  const linked = all.filter((n) => !!n.nodeId).length;
  const thisWeek = all.filter((n) => isWithinLastWeek(n.createdAt)).length;
  // the header's course when the learner owns it; else the dialog asks for one of theirs
  const ownedChosen = !!subjectParam && owned.options.some((o) => o.id === subjectParam);

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
      const subjectId = ownedChosen ? subjectParam : draft.subjectId;
      if (!subjectId) return;
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

      {grouped && <CourseFilter courses={courses} value={filter} onChange={setCourse} />}

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
      ) : grouped ? (
        <Stack spacing={4}>
          {groups.map(([sid, items]) => (
            <Box key={sid} component="section" aria-labelledby={`notes-course-${sid}`}>
              <Typography id={`notes-course-${sid}`} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
                {courseName(sid)}
              </Typography>
              <NoteGrid
                notes={items}
                headingLevel="h3"
                onEdit={(note) => setDialog({ note })}
                onDelete={remove}
                deletingId={deleteNote.isPending ? deleteNote.variables : undefined}
              />
            </Box>
          ))}
        </Stack>
      ) : (
        <NoteGrid
          notes={filtered}
          headingLevel="h2"
          onEdit={(note) => setDialog({ note })}
          onDelete={remove}
          deletingId={deleteNote.isPending ? deleteNote.variables : undefined}
        />
      )}

      <NoteDialog
        open={dialog !== null}
        heading={dialog?.note ? 'Edit Note' : 'New Note'}
        initial={dialog?.note ? { title: dialog.note.title, content: dialog.note.content } : EMPTY_DRAFT}
        saving={createNote.isPending || updateNote.isPending}
        courses={
          dialog && !dialog.note && !ownedChosen
            ? { options: owned.options, initial: filter ?? subjectParam, loading: owned.loading }
            : null
        }
        onClose={() => setDialog(null)}
        onSave={save}
      />
    </Box>
  );
}

function NoteGrid({
  notes,
  headingLevel,
  onEdit,
  onDelete,
  deletingId,
}: {
  notes: Note[];
  headingLevel: 'h2' | 'h3';
  onEdit: (note: Note) => void;
  onDelete: (note: Note) => void;
  deletingId: string | undefined;
}) {
  return (
    <Grid container spacing={3}>
      {notes.map((note) => (
        <Grid key={note.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <NoteCard
            note={note}
            headingLevel={headingLevel}
            onEdit={() => onEdit(note)}
            onDelete={() => onDelete(note)}
            deleting={deletingId === note.id}
          />
        </Grid>
      ))}
    </Grid>
  );
}

function NoteCard({
  note,
  headingLevel,
  onEdit,
  onDelete,
  deleting,
}: {
  note: Note;
  headingLevel: 'h2' | 'h3';
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
          <Typography id={titleId} component={headingLevel} variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
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
