import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { errorMessage, profileApi, type Profile } from '../../../api';
import { useAuth } from '../auth-context';

/** The server's limit on the name on certificates. */
export const NAME_MAX_LENGTH = 80;

interface CertificateNameDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the server stored the name (PUT /api/me/profile). */
  onSaved?: (profile: Profile) => void;
  /** Why the dialog opened, when something is waiting for the name (a certificate). */
  intro?: string;
  /** A name is required (a certificate cannot be issued without one); otherwise an empty field clears it. */
  required?: boolean;
}

/** Sets the name on certificates: the user menu's "Name on certificates", and the prompt before a certificate. */
export function CertificateNameDialog(props: CertificateNameDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="certificate-name-title">
      {/* Mounted while open only, so each opening starts from the current name. */}
      {props.open && <NameForm {...props} />}
    </Dialog>
  );
}

function NameForm({ onClose, onSaved, intro, required = false }: CertificateNameDialogProps) {
  const { user, setName: showName } = useAuth();
  const [name, setName] = useState(user?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const trimmed = name.trim();
    if (required && !trimmed) {
      setError('Please enter your name.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const profile = await profileApi.update(trimmed || null);
      showName(profile.name);
      onSaved?.(profile);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not save your name'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} aria-label="Name on certificates form">
      <DialogTitle id="certificate-name-title">Name on certificates</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {intro ?? 'This is the name your certificates show. Leave it empty to remove it.'}
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          id="certificate-name"
          label="Your name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          helperText="Shown on your certificates"
          slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH, required } }}
          autoFocus
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </form>
  );
}
