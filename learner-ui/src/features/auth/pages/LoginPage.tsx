import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage, isApiError } from '../../../api';
import { FullPageSpinner } from '../../common/FullPageSpinner';
import { useAuth } from '../auth-context';
import { AuthCard } from '../components/AuthCard';
import { EmailField } from '../components/EmailField';
import { checkoutStartPath } from '../../catalog/links';
import { useGoToTarget } from '../hooks/useGoToTarget';
import { useGivenRedirectTarget, useNextParam, useRedirectTarget, withNext } from '../hooks/useRedirectTarget';
import { DEFAULT_REDIRECT } from '../redirect';

interface FormError {
  message: string;
  unconfirmed: boolean;
}

export function LoginPage() {
  const { login, isAuthenticated, loading } = useAuth();
  const target = useRedirectTarget();
  const given = useGivenRedirectTarget();
  const next = useNextParam();
  const goTo = useGoToTarget();
  // While this page's own sign-in is under way, it (not the effect below) decides where to go: the login's answer
  // may hold the purchase a new account was made for.
  const signingIn = useRef(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<FormError | null>(null);

  // Covers both a visitor who is already signed in and a successful sign-in on this page.
  useEffect(() => {
    if (isAuthenticated && !signingIn.current) goTo(target);
  }, [isAuthenticated, target, goTo]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    signingIn.current = true;
    try {
      const { pendingCheckout } = await login(email.trim(), password);
      // A safe next first, else the purchase the account was registered for, else the dashboard.
      goTo(
        given ??
          (pendingCheckout ? checkoutStartPath(pendingCheckout.subjectId, pendingCheckout.priceId) : DEFAULT_REDIRECT),
      );
    } catch (err) {
      signingIn.current = false;
      setError({
        message: errorMessage(err, 'Invalid credentials'),
        unconfirmed: isApiError(err) && err.status === 403,
      });
      setSubmitting(false);
    }
  };

  if (loading || isAuthenticated) return <FullPageSpinner />;

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to pick up where you left off."
      footer={
        <>
          Don't have an account?{' '}
          <Link component={RouterLink} to={withNext('/register', next)} fontWeight={600}>
            Create an account
          </Link>
        </>
      }
    >
      <Box component="form" onSubmit={handleSubmit} aria-label="Sign in form">
        <Stack spacing={2.25}>
          {error && (
            <Alert severity="error">
              {error.message}
              {error.unconfirmed && (
                <>
                  {' '}
                  <Link
                    component={RouterLink}
                    to={`/verify?email=${encodeURIComponent(email.trim())}`}
                    color="inherit"
                    fontWeight={600}
                  >
                    Resend verification email
                  </Link>
                </>
              )}
            </Alert>
          )}
          <EmailField id="login-email" value={email} onChange={setEmail} required autoFocus />
          <TextField
            id="login-password"
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            slotProps={{ htmlInput: { required: true } }}
            fullWidth
          />
          {/* A 32 px high target, clear of the password field (WCAG 2.5.8 asks for 24 px). */}
          <Box sx={{ textAlign: 'right', mt: '4px !important' }}>
            <Link
              component={RouterLink}
              to="/request-reset"
              variant="body2"
              sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 32, px: 0.5 }}
            >
              Forgot your password?
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
            {submitting ? 'Signing In...' : 'Sign In'}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
