import { useId, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
} from '@mui/material';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import { ROLES, saveRoles, type User } from './usersApi';

export const ROLES_UPDATED = 'Roles updated';

/**
 * Edit Roles: a checkbox per role, Cancel and Save Changes ('Saving...' while the call runs).
 * Success closes the dialog with 'Roles updated'. A failure raises no toast (the spec: a role-save
 * failure is silent), but the dialog stays open with the server's reason, so nothing looks saved.
 * Mounted while open, so each opening starts from the user's current roles.
 */
export const EditRolesDialog = ({
  user,
  open,
  onClose,
  onSaved,
}: {
  user: User;
  open: boolean;
  onClose: () => void;
  onSaved: (user: User) => void;
}) => {
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(user.roles));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const titleId = useId();
  const helpId = useId();

  const toggle = (role: string, on: boolean) => {
    setError(null);
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(role);
      else next.delete(role);
      return next;
    });
  };

  const save = async () => {
    if (inFlight.current || chosen.size === 0) return;
    inFlight.current = true;
    setSaving(true);
    setError(null);
    try {
      const saved = await saveRoles(
        user.id,
        ROLES.filter((role) => chosen.has(role)),
      );
      notify(ROLES_UPDATED, { type: 'success' });
      onSaved(saved);
    } catch (failure) {
      if (await logoutIfAccessDenied(failure)) return;
      console.error(`Saving the roles of ${user.email} failed`, failure);
      setError(apiErrorMessage(failure, 'The roles were not saved.'));
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Edit Roles</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>{user.email}</DialogContentText>
        <FormControl component="fieldset" variant="standard" error={chosen.size === 0} disabled={saving}>
          <FormLabel component="legend">Roles</FormLabel>
          <FormGroup aria-describedby={helpId}>
            {ROLES.map((role) => (
              <FormControlLabel
                key={role}
                label={role}
                control={
                  <Checkbox checked={chosen.has(role)} onChange={(event) => toggle(role, event.target.checked)} />
                }
              />
            ))}
          </FormGroup>
          <FormHelperText id={helpId}>
            {chosen.size === 0 ? 'Choose at least one role.' : 'Changes apply on the user’s next request.'}
          </FormHelperText>
        </FormControl>
        {error && (
          <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || chosen.size === 0}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
