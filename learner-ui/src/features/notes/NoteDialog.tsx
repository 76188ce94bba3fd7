import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

export interface NoteDraft {
  title: string;
  content: string;
  /** the course chosen in the dialog's Course select, when it has one */
  subjectId?: string;
}

/** The courses a new note may be filed under: the learner's own (a note needs a course they own). */
export interface CourseChoice {
  options: { id: string; name: string }[];
  /** preselected; else the first */
  initial: string | null;
  loading: boolean;
}

/** What New Note says to a learner who owns no course yet. */
export const BUY_TO_WRITE = 'Buy a course to write notes';

/**
 * New Note / Edit Note: Title and Content, no validation (the caller joins them by a blank line). With
 * `courses` (a new note and no owned course chosen in the header), a Course select comes first; with no
 * owned course at all, the dialog says so and links to the shop.
 */
export function NoteDialog({
  open,
  heading,
  initial,
  saving,
  courses,
  onClose,
  onSave,
}: {
  open: boolean;
  heading: string;
  initial: NoteDraft;
  saving: boolean;
  courses?: CourseChoice | null;
  onClose: () => void;
  onSave: (draft: NoteDraft) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="note-dialog-title">
      {/* Remounted per opening so the fields start from `initial`. */}
      {open &&
        (courses && !courses.loading && courses.options.length === 0 ? (
          <NoCourse heading={heading} onClose={onClose} />
        ) : (
          <NoteForm
            heading={heading}
            initial={initial}
            saving={saving}
            courses={courses ?? null}
            onClose={onClose}
            onSave={onSave}
          />
        ))}
    </Dialog>
  );
}

function NoCourse({ heading, onClose }: { heading: string; onClose: () => void }) {
  return (
    <>
      <DialogTitle id="note-dialog-title">{heading}</DialogTitle>
      <DialogContent>
        <DialogContentText>{BUY_TO_WRITE}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button component={RouterLink} to="/shop" variant="contained">
          Browse Courses
        </Button>
      </DialogActions>
    </>
  );
}

function NoteForm({
  heading,
  initial,
  saving,
  courses,
  onClose,
  onSave,
}: {
  heading: string;
  initial: NoteDraft;
  saving: boolean;
  courses: CourseChoice | null;
  onClose: () => void;
  onSave: (draft: NoteDraft) => void;
}) {
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const [picked, setPicked] = useState<string | null>(null);
  const options = courses?.options ?? [];
  // the learner's pick, else the preselected course while it is one of theirs, else their first
  const subjectId =
    picked ?? (courses?.initial && options.some((o) => o.id === courses.initial) ? courses.initial : options[0]?.id);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (courses && !subjectId) return;
        onSave(courses ? { title, content, subjectId } : { title, content });
      }}
    >
      <DialogTitle id="note-dialog-title">{heading}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {courses &&
            (courses.loading && options.length === 0 ? (
              <CircularProgress size={24} aria-label="Loading your courses" />
            ) : (
              <TextField
                select
                label="Course"
                value={subjectId ?? ''}
                onChange={(e) => setPicked(e.target.value)}
                fullWidth
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </TextField>
            ))}
          <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} fullWidth autoFocus />
          <TextField
            label="Content"
            value={content}
            onChange={(e) => setContent(e.target.value)}
            fullWidth
            multiline
            minRows={5}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={saving || (!!courses && !subjectId)}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
