import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockResetIcon from '@mui/icons-material/LockReset';
import { errorMessage } from '../../../api';
import { useToast } from '../../toast/toast-context';
import { useAuth } from '../auth-context';
import { AuthCard } from '../components/AuthCard';
import { EmailField, requireEmail } from '../components/EmailField';
import { IconBadge } from '../components/IconBadge';
import { SuccessCard } from '../components/SuccessCard';

/** /request-reset and its alias /forgot. */
export function RequestResetPage() {
  const { requestReset } = useAuth();
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const address = requireEmail(email, setError);
    if (!address) return;
    setSubmitting(true);
    try {
      await requestReset(address);
      toast({ title: 'Password reset email sent!', variant: 'success' });
      setSentTo(address);
    } catch (err) {
      const message = errorMessage(err, 'An error occurred. Please try again.');
      toast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo) {
    return (
      <SuccessCard
        title="Check Your Email"
        subtitle={
          <>
            If an account exists for <strong>{sentTo}</strong>, a password reset link is on its way.
          </>
        }
      >
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          The link opens a page on LearnPath where you can choose a new password. It is valid for one hour. Can't find
          it? Check your spam folder.
        </Typography>
        <Stack spacing={1.5} sx={{ mt: 3 }}>
          <Button variant="outlined" size="large" onClick={() => setSentTo(null)} fullWidth>
            Send Another Email
          </Button>
          <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
            Back to Login
          </Button>
        </Stack>
      </SuccessCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      icon={
        <IconBadge>
          <LockResetIcon />
        </IconBadge>
      }
      subtitle="Enter the email you signed up with and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link component={RouterLink} to="/login" fontWeight={600}>
            Return to sign in
          </Link>
        </>
      }
    >
      <Box component="form" onSubmit={handleSubmit} noValidate aria-label="Password reset form">
        <Stack spacing={2.25}>
          {error && <Alert severity="error">{error}</Alert>}
          <EmailField
            id="reset-email"
            value={email}
            onChange={(value) => {
              setEmail(value);
              setError(null);
            }}
            error={error !== null}
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
            {submitting ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
