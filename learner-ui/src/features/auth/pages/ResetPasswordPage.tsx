import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import LockResetIcon from '@mui/icons-material/LockReset';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { errorMessage } from '../../../api';
import { useAuth } from '../auth-context';
import { AuthCard } from '../components/AuthCard';
import { IconBadge } from '../components/IconBadge';
import { PasswordFields, usePasswordPair } from '../components/PasswordFields';
import { SuccessCard } from '../components/SuccessCard';

const INVALID_LINK = 'Invalid or expired reset link';

/** /reset-password?token= and its alias /reset. */
export function ResetPasswordPage() {
  const { resetPassword } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token');
  const passwords = usePasswordPair();
  const { password, validation } = passwords;
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !token) return;
    setServerError(null);
    if (!passwords.validate()) return;
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
      <SuccessCard
        title="Password updated"
        icon={<TaskAltIcon />}
        subtitle="Your new password is set. For your security, you've been signed out on every device."
      >
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
          Sign In
        </Button>
      </SuccessCard>
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
          <PasswordFields
            pair={passwords}
            passwordId="new-password"
            confirmId="confirm-new-password"
            passwordLabel="New Password"
            disabled={!token}
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting || !token} fullWidth>
            {submitting ? 'Updating Password...' : 'Update Password'}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
