import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { errorMessage } from '../../../api';
import { useAuth } from '../auth-context';
import { AuthCard } from '../components/AuthCard';
import { IconBadge } from '../components/IconBadge';
import { passwordProblem } from '../password-rules';

export function RegisterPage() {
  const { register } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [validation, setValidation] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setServerError(null);
    const problem = passwordProblem(password, confirm);
    setValidation(problem);
    if (problem) return;
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
      <AuthCard
        title="Check Your Email"
        icon={
          <IconBadge tone="success">
            <MarkEmailReadOutlinedIcon />
          </IconBadge>
        }
        subtitle={
          <>
            We've sent a confirmation link to <strong>{registeredEmail}</strong>.
          </>
        }
      >
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          Open the link in that email to confirm your address. It brings you straight back to LearnPath,
          where you can sign in and start learning. The link is valid for 24 hours.
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
          Go to Login
        </Button>
      </AuthCard>
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
          <TextField
            id="register-email"
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            slotProps={{ htmlInput: { required: true } }}
            fullWidth
            autoFocus
          />
          <TextField
            id="register-password"
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setValidation(null);
            }}
            error={validation !== null}
            slotProps={{ htmlInput: { required: true } }}
            helperText="At least 6 characters"
            fullWidth
          />
          <TextField
            id="register-confirm-password"
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
            slotProps={{ htmlInput: { required: true } }}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
            {submitting ? 'Creating Account...' : 'Create Account'}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
