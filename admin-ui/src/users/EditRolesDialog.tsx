import { useId, useState } from 'react';
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
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';
import type { Role, User } from './usersMethods';

export const ROLES_UPDATED = 'Roles updated';

/** Every role, in the order the dialog shows them. */
const ROLES: readonly Role[] = ['learner', 'studio', 'admin', 'clinician'];

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
  const dataProvider = useDataProvider<StudioDataProvider>();
  const notify = useNotify();
  const [chosen, setChosen] = useState<ReadonlySet<Role>>(() => new Set(user.roles));
  const titleId = useId();
  const helpId = useId();
  const saveRoles = useMutation({
    mutationFn: (roles: Role[]) => dataProvider.setRoles(user.id, roles),
    onSuccess: (saved) => {
      notify(ROLES_UPDATED, { type: 'success' });
      onSaved(saved);
    },
    onError: (failure) => console.error(`Saving the roles of ${user.email} failed`, failure),
  });
  const saving = saveRoles.isPending;
  const error = saveRoles.error ? apiErrorMessage(saveRoles.error, 'The roles were not saved.') : null;

  const toggle = (role: Role, on: boolean) => {
    saveRoles.reset();
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(role);
      else next.delete(role);
      return next;
    });
  };

  const save = () => {
    if (saving || chosen.size === 0) return;
    saveRoles.mutate(ROLES.filter((role) => chosen.has(role)));
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
        <Button variant="contained" onClick={save} disabled={saving || chosen.size === 0}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
