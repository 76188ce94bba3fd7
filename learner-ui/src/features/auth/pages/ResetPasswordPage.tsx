import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import LockResetIcon from '@mui/icons-material/LockReset';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { errorMessage } from '../../../api';
import { useAuth } from '../auth-context';
import { AuthCard } from '../components/AuthCard';
import { IconBadge } from '../components/IconBadge';
import { passwordProblem } from '../password-rules';

const INVALID_LINK = 'Invalid or expired reset link';

/** /reset-password?token= and its alias /reset. */
export function ResetPasswordPage() {
  const { resetPassword } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [validation, setValidation] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !token) return;
    setServerError(null);
    const problem = passwordProblem(password, confirm);
    setValidation(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (err) {
      setServerError(errorMessage(err, 'An error occurred. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <AuthCard
        title="Password updated"
        icon={
          <IconBadge tone="success">
            <TaskAltIcon />
          </IconBadge>
        }
        subtitle="Your new password is set. For your security, you've been signed out on every device."
      >
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
          Sign In
        </Button>
      </AuthCard>
    );
  }

  const linkError = token ? serverError : INVALID_LINK;

  return (
    <AuthCard
      title="Choose a new password"
      icon={
        <IconBadge>
          <LockResetIcon />
        </IconBadge>
      }
      subtitle="Pick a password you don't use anywhere else. It needs at least 6 characters."
    >
      <Box component="form" onSubmit={handleSubmit} aria-label="New password form">
        <Stack spacing={2.25}>
          {linkError && (
            <Alert severity="error">
              {linkError}{' '}
              <Link component={RouterLink} to="/request-reset" color="inherit" fontWeight={600}>
                Request a new reset link
              </Link>
            </Alert>
          )}
          {validation && <Alert severity="error">{validation}</Alert>}
          <TextField
            id="new-password"
            label="New Password"
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setValidation(null);
            }}
            error={validation !== null}
            disabled={!token}
            slotProps={{ htmlInput: { required: true } }}
            fullWidth
            autoFocus
          />
          <TextField
            id="confirm-new-password"
            label="Confirm Password"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              setValidation(null);
            }}
            error={validation !== null}
            disabled={!token}
            slotProps={{ htmlInput: { required: true } }}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting || !token} fullWidth>
            {submitting ? 'Updating Password...' : 'Update Password'}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
