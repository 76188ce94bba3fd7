import { useId, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';

import { apiErrorMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';
import type { Certificate } from './certificatesMethods';

export const CERTIFICATE_REVOKED = 'Certificate revoked';
/** The contract's bounds for a revocation reason. */
const REASON_MAX_LENGTH = 500;

/**
 * Revoke (admins): a dialog asks for the reason (1 to 500 characters), then
 * `POST /api/admin/certificates/{id}/revoke` and the list is read again. A refusal stays in the
 * dialog with the server's message.
 */
export const RevokeButton = ({ certificate }: { certificate: Certificate }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        color="error"
        variant="outlined"
        startIcon={<BlockIcon />}
        onClick={() => setOpen(true)}
        aria-label={`Revoke ${certificate.id}`}
      >
        Revoke
      </Button>
      {open && <RevokeDialog certificate={certificate} onClose={() => setOpen(false)} />}
    </>
  );
};

const RevokeDialog = ({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const titleId = useId();
  const textId = useId();
  const trimmed = reason.trim();
  const revoke = useMutation({
    mutationFn: () => dataProvider.revoke(certificate.id, trimmed),
    onSuccess: () => {
      notify(CERTIFICATE_REVOKED, { type: 'success' });
      onClose();
      refresh();
    },
  });
  const saving = revoke.isPending;
  const error = revoke.error ? apiErrorMessage(revoke.error, 'The certificate was not revoked.') : null;

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!saving && trimmed) revoke.mutate();
        }}
      >
        <DialogTitle id={titleId}>Revoke certificate</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId} sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {`Certificate ${certificate.id} of ${certificate.userEmail ?? certificate.userId} (${certificate.challengeId}) will show as revoked to anyone who checks it. This cannot be undone.`}
          </DialogContentText>
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            autoFocus
            fullWidth
            multiline
            minRows={2}
            disabled={saving}
            helperText={`${reason.length}/${REASON_MAX_LENGTH}`}
            slotProps={{ htmlInput: { maxLength: REASON_MAX_LENGTH } }}
          />
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
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={saving || !trimmed}
            startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            Revoke
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
