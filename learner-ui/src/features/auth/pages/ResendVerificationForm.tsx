import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { errorMessage } from '../../../api';
import { useToast } from '../../toast/toast-context';
import { useAuth } from '../auth-context';
import { EmailField, requireEmail } from '../components/EmailField';

/** POST /api/auth/request-verify: sends a fresh confirmation link. */
export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { requestVerify } = useAuth();
  const { toast } = useToast();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const address = requireEmail(email, setError);
    if (!address) return;
    setSubmitting(true);
    try {
      await requestVerify(address);
      setSent(true);
      toast({ title: 'Verification email sent', variant: 'success' });
    } catch (err) {
      setError(errorMessage(err, 'An error occurred. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate aria-label="Resend verification form">
      <Stack spacing={2.25}>
        {sent && (
          <Alert severity="success">
            If that address is waiting for confirmation, a new verification link is on its way.
          </Alert>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        <EmailField
          id="verify-email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            setError(null);
          }}
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
          {submitting ? 'Sending...' : 'Resend Verification Email'}
        </Button>
      </Stack>
    </Box>
  );
}
