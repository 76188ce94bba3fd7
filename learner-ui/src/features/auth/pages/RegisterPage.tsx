import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../api';
import { useAuth } from '../auth-context';
import { AuthCard } from '../components/AuthCard';
import { EmailField } from '../components/EmailField';
import { PasswordFields, usePasswordPair } from '../components/PasswordFields';
import { SuccessCard } from '../components/SuccessCard';
import { useNextParam, withNext } from '../hooks/useRedirectTarget';
import { checkoutOfTarget } from '../redirect';

/** The server's limit on the name on certificates. */
const NAME_MAX_LENGTH = 80;

export function RegisterPage() {
  const { register } = useAuth();
  // Kept through sign-up: the links back to Login keep it, and a purchase in it is remembered by the new account.
  const next = useNextParam();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const passwords = usePasswordPair();
  const { password, validation } = passwords;
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setServerError(null);
    if (!passwords.validate()) return;
    setSubmitting(true);
    try {
      const checkout = checkoutOfTarget(next);
      await register(email.trim(), password, {
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(checkout ? { checkout } : {}),
      });
      setRegisteredEmail(email.trim());
    } catch (err) {
      setServerError(errorMessage(err, 'Unable to create account'));
    } finally {
      setSubmitting(false);
    }
  };

  if (registeredEmail) {
    return (
      <SuccessCard
        title="Check Your Email"
        subtitle={
          <>
            We've sent a confirmation link to <strong>{registeredEmail}</strong>.
          </>
        }
      >
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          Open the link in that email to confirm your address. It brings you straight back to LearnPath, where you can
          sign in and start learning. The link is valid for 24 hours.
        </Typography>
        <Button
          component={RouterLink}
          to={withNext('/login', next)}
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 3 }}
        >
          Go to Login
        </Button>
      </SuccessCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start learning with a free account. Buy only the courses you want."
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to={withNext('/login', next)} fontWeight={600}>
            Sign in instead
          </Link>
        </>
      }
    >
      <Box component="form" onSubmit={handleSubmit} aria-label="Create account form">
        <Stack spacing={2.25}>
          {(validation || serverError) && <Alert severity="error">{validation ?? serverError}</Alert>}
          <EmailField id="register-email" value={email} onChange={setEmail} required autoFocus />
          <TextField
            id="register-name"
            label="Your name (optional)"
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            helperText="Shown on your certificates"
            slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
            fullWidth
          />
          <PasswordFields
            pair={passwords}
            passwordId="register-password"
            confirmId="register-confirm-password"
            passwordLabel="Password"
            helperText="At least 6 characters"
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
            {submitting ? 'Creating Account...' : 'Create Account'}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
