import { Button, CircularProgress, Paper, Typography } from '@mui/material';

/** The bar pinned to the bottom of the page while the draft has unsaved changes. */
export const UnsavedChangesBar = ({ saving, onSave }: { saving: boolean; onSave: () => void }) => (
  <Paper
    elevation={6}
    role="region"
    aria-label="Unsaved changes"
    sx={{
      position: 'fixed',
      // centred on a wide screen; edge to edge (and low) on a phone, where a centred box hid the form
      bottom: { xs: 8, sm: 24 },
      left: { xs: 8, sm: '50%' },
      right: { xs: 8, sm: 'auto' },
      transform: { xs: 'none', sm: 'translateX(-50%)' },
      justifyContent: 'space-between',
      px: { xs: 2, sm: 3 },
      py: 1.5,
      display: 'flex',
      alignItems: 'center',
      gap: 2,
      zIndex: (theme) => theme.zIndex.snackbar - 1,
    }}
  >
    <Typography>You have unsaved changes.</Typography>
    <Button
      variant="contained"
      onClick={onSave}
      disabled={saving}
      startIcon={saving ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
    >
      Save Now
    </Button>
  </Paper>
);
