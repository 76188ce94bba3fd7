import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../api';
import { useAuth } from '../auth-context';
import { AuthCard } from '../components/AuthCard';
import { EmailField } from '../components/EmailField';
import { PasswordFields, usePasswordPair } from '../components/PasswordFields';
import { SuccessCard } from '../components/SuccessCard';

export function RegisterPage() {
  const { register } = useAuth();
  const [email, setEmail] = useState('');
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
      await register(email.trim(), password);
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
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
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
          <Link component={RouterLink} to="/login" fontWeight={600}>
            Sign in instead
          </Link>
        </>
      }
    >
      <Box component="form" onSubmit={handleSubmit} aria-label="Create account form">
        <Stack spacing={2.25}>
          {(validation || serverError) && <Alert severity="error">{validation ?? serverError}</Alert>}
          <EmailField id="register-email" value={email} onChange={setEmail} required autoFocus />
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
