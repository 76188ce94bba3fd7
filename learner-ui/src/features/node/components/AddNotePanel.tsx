import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage, notesApi, type TopicNode } from '../../../api';
import { useAuth } from '../../auth/auth-context';
import { learningKeys } from '../../graph/hooks';
import { useToast } from '../../toast/toast-context';

/** A note on this topic, saved to the learner's notes. */
export function AddNotePanel({ node, onDone }: { node: TopicNode; onDone: () => void }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [text, setText] = useState('');
  const mutation = useMutation({
    mutationFn: () => notesApi.create({ subjectId: node.subject_id, nodeId: node.id, text }),
    onSuccess: () => {
      toast({ title: 'Note saved', description: `Added to your notes for ${node.title}.`, variant: 'success' });
      setText('');
      void queryClient.invalidateQueries({ queryKey: learningKeys.notesAll(user?.email) });
      onDone();
    },
    onError: (err) =>
      toast({ title: 'Note not saved', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
  const blank = text.trim() === '';
  return (
    <Paper variant="outlined" component="section" id="add-note-panel" aria-label="Add Note" sx={{ p: 2.5, mb: 3 }}>
      <TextField
        label="Note"
        multiline
        minRows={3}
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Write what you want to remember about this topic…"
        autoFocus
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button variant="contained" disabled={blank || mutation.isPending} onClick={() => mutation.mutate()}>
          Save
        </Button>
      </Stack>
      {mutation.isError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorMessage(mutation.error, 'The note could not be saved. Please try again.')}
        </Alert>
      )}
    </Paper>
  );
}
