import { useCallback, useMemo, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context';

interface ActiveToast extends ToastOptions {
  id: number;
}

const DEFAULT_DURATION = 6000;
/** The same message raised again this soon (a double click, a retried call) is not shown or read twice. */
export const REPEAT_WINDOW_MS = 2000;
let nextId = 1;

const sameMessage = (a: ToastOptions, b: ToastOptions) =>
  a.title === b.title && a.description === b.description && (a.variant ?? 'default') === (b.variant ?? 'default');

/**
 * One toast at a time, newest wins. Screen readers hear each toast once: the toast renders inside
 * a live region that is always in the page (a region that appears together with its text is often
 * not read at all), and the toast itself is not a second live region. Errors use an assertive
 * region, everything else a polite one (role "status"), so an error shown both as a toast and in
 * the form's Alert (role "alert") stays distinguishable.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const [open, setOpen] = useState(false);
  const last = useRef<{ options: ToastOptions; at: number } | null>(null);

  const toast = useCallback((options: ToastOptions) => {
    const now = Date.now();
    const previous = last.current;
    last.current = { options, at: now };
    if (previous && sameMessage(previous.options, options) && now - previous.at < REPEAT_WINDOW_MS) return;
    setCurrent({ ...options, id: nextId++ });
    setOpen(true);
  }, []);

  const dismiss = useCallback(() => setOpen(false), []);

  const handleClose = (_event: SyntheticEvent | Event, reason?: SnackbarCloseReason) => {
    // Clicking elsewhere on the page should not swallow a message the user has not read yet.
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  const value = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);
  const variant = current?.variant ?? 'default';
  const severity = variant === 'destructive' ? 'error' : variant === 'success' ? 'success' : 'info';

  const snackbar = (
    <Snackbar
      key={current?.id}
      open={open && current !== null}
      onClose={handleClose}
      autoHideDuration={current?.duration === undefined ? DEFAULT_DURATION : current.duration}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <Alert
        // The surrounding region announces; a role here would make the toast a second live region.
        role="group"
        severity={severity}
        variant="filled"
        onClose={() => setOpen(false)}
        sx={{ minWidth: { sm: 320 }, maxWidth: 440, boxShadow: 6 }}
        data-testid="toast"
      >
        {current && <AlertTitle sx={{ mb: current.description ? 0.25 : 0 }}>{current.title}</AlertTitle>}
        {current?.description}
      </Alert>
    </Snackbar>
  );

  return (
    <ToastContext.Provider value={value}>
      {children}
      <Box role="status" aria-live="polite" data-testid="toast-region-polite">
        {variant !== 'destructive' && snackbar}
      </Box>
      <Box aria-live="assertive" data-testid="toast-region-assertive">
        {variant === 'destructive' && snackbar}
      </Box>
    </ToastContext.Provider>
  );
}
