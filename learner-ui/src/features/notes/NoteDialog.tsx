import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

export interface NoteDraft {
  title: string;
  content: string;
}

/** New Note / Edit Note: Title and Content, no validation (the caller joins them by a blank line). */
export function NoteDialog({
  open,
  heading,
  initial,
  saving,
  onClose,
  onSave,
}: {
  open: boolean;
  heading: string;
  initial: NoteDraft;
  saving: boolean;
  onClose: () => void;
  onSave: (draft: NoteDraft) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="note-dialog-title">
      {/* Remounted per opening so the fields start from `initial`. */}
      {open && <NoteForm heading={heading} initial={initial} saving={saving} onClose={onClose} onSave={onSave} />}
    </Dialog>
  );
}

function NoteForm({
  heading,
  initial,
  saving,
  onClose,
  onSave,
}: {
  heading: string;
  initial: NoteDraft;
  saving: boolean;
  onClose: () => void;
  onSave: (draft: NoteDraft) => void;
}) {
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ title, content });
      }}
    >
      <DialogTitle id="note-dialog-title">{heading}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
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
        <Button type="submit" variant="contained" disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
