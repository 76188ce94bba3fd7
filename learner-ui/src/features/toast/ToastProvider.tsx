import { useCallback, useMemo, useState, type ReactNode, type SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context';

interface ActiveToast extends ToastOptions {
  id: number;
}

const DEFAULT_DURATION = 6000;
let nextId = 1;

/**
 * One toast at a time, newest wins. Toasts are polite live regions (role "status") so that
 * an error shown both as a toast and in the form's Alert (role "alert") stays distinguishable.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const [open, setOpen] = useState(false);

  const toast = useCallback((options: ToastOptions) => {
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

  return (
    <ToastContext.Provider value={value}>
      {children}
      <Snackbar
        key={current?.id}
        open={open && current !== null}
        onClose={handleClose}
        autoHideDuration={current?.duration === undefined ? DEFAULT_DURATION : current.duration}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert
          role="status"
          aria-live={variant === 'destructive' ? 'assertive' : 'polite'}
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
    </ToastContext.Provider>
  );
}
