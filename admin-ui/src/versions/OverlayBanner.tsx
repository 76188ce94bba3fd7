import { Alert, AlertTitle, Button, CircularProgress, Stack } from '@mui/material';

/** "Active Content Overlay": shown while the subject has unpublished changes, with Reset Overlay and Publish Changes. */
export const OverlayBanner = ({
  running,
  onReset,
  onPublish,
}: {
  running: boolean;
  onReset: () => void;
  onPublish: () => void;
}) => (
  <Alert
    severity="warning"
    component="section"
    role="region"
    aria-labelledby="overlay-banner-title"
    sx={{ mb: 3 }}
    action={
      <Stack direction="row" spacing={1}>
        <Button color="inherit" variant="outlined" size="small" disabled={running} onClick={onReset}>
          Reset Overlay
        </Button>
        <Button
          color="warning"
          variant="contained"
          size="small"
          disabled={running}
          onClick={onPublish}
          startIcon={running ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
        >
          Publish Changes
        </Button>
      </Stack>
    }
  >
    <AlertTitle id="overlay-banner-title">Active Content Overlay</AlertTitle>
    Unpublished changes are being tested in the overlay. Learners see them only once they are published.
  </Alert>
);
