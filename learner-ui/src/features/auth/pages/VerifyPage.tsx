import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import { errorMessage } from '../../../api';
import { useAuth } from '../auth-context';
import { AuthCard } from '../components/AuthCard';
import { IconBadge } from '../components/IconBadge';
import { SuccessCard } from '../components/SuccessCard';
import { ResendVerificationForm } from './ResendVerificationForm';

type VerifyState = { kind: 'verifying' } | { kind: 'verified' } | { kind: 'failed'; message: string };

export function VerifyPage() {
  const { verify } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email') ?? '';
  const [state, setState] = useState<VerifyState>({ kind: 'verifying' });
  // Verification tokens are single-use: never send the same one twice (StrictMode runs effects twice).
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    setState({ kind: 'verifying' });
    verify(token).then(
      () => setState({ kind: 'verified' }),
      (err: unknown) =>
        setState({ kind: 'failed', message: errorMessage(err, 'Invalid or expired verification link') }),
    );
  }, [token, verify]);

  if (!token) {
    return (
      <AuthCard
        title="Verify your email"
        icon={
          <IconBadge>
            <MarkEmailUnreadOutlinedIcon />
          </IconBadge>
        }
        subtitle="Enter your email address and we'll send you a new confirmation link."
      >
        <ResendVerificationForm initialEmail={email} />
      </AuthCard>
    );
  }

  if (state.kind === 'verifying') {
    return (
      <AuthCard title="Verifying your email" subtitle="One moment while we confirm your address.">
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress aria-label="Verifying" />
        </Box>
      </AuthCard>
    );
  }

  if (state.kind === 'verified') {
    return (
      <SuccessCard
        title="Email verified"
        icon={<VerifiedOutlinedIcon />}
        subtitle="Your email address is confirmed. You can now sign in and start learning."
      >
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
          Sign In
        </Button>
      </SuccessCard>
    );
  }

  return (
    <AuthCard
      title="Verification failed"
      icon={
        <IconBadge tone="error">
          <ErrorOutlineIcon />
        </IconBadge>
      }
      subtitle={state.message}
    >
      <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 2.5 }}>
        Request a new link below and use it within 24 hours.
      </Typography>
      <ResendVerificationForm initialEmail={email} />
    </AuthCard>
  );
}
