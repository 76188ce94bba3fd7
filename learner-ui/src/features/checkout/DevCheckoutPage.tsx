import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { checkoutApi, errorMessage, type CheckoutRedirect, type DevCheckoutSession } from '../../api';
import { useAuth } from '../auth/auth-context';
import { catalogKeys } from '../catalog/hooks';
import { formatPrice } from '../catalog/price';
import { browser } from '../common/browser';
import { FullPageSpinner } from '../common/FullPageSpinner';

const STATUS_TEXT: Record<string, string> = {
  paid: 'has already been paid',
  canceled: 'was canceled',
  failed: 'has failed',
  refunded: 'was refunded',
};

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, width: '100%' }}>
        {children}
      </Paper>
    </Box>
  );
}

/**
 * /checkout/dev/:sessionId (signed in): the built-in payment page used when no Stripe key is
 * configured. Pay → complete → full page load to the dashboard's payment return; Cancel → cancel
 * → back to the shop.
 */
export function DevCheckoutPage() {
  const { sessionId = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const queryKey = catalogKeys.devCheckout(user?.email, sessionId);
  const [actionError, setActionError] = useState<string | null>(null);

  const session = useQuery({
    queryKey,
    queryFn: () => checkoutApi.devSession(sessionId),
    enabled: sessionId !== '',
    staleTime: 0,
  });

  const onActionError = (err: unknown) => {
    setActionError(errorMessage(err, 'Something went wrong with this payment. Please try again.'));
    // A 409 means the session moved on (paid or canceled elsewhere): show its current state.
    void queryClient.invalidateQueries({ queryKey });
  };

  const pay = useMutation<CheckoutRedirect>({
    mutationFn: () => checkoutApi.devComplete(sessionId),
    onMutate: () => setActionError(null),
    // A full page load: the dashboard starts fresh and verifies the payment.
    onSuccess: ({ redirectUrl }) => browser.assign(redirectUrl || '/dashboard'),
    onError: onActionError,
  });

  const cancel = useMutation<CheckoutRedirect>({
    mutationFn: () => checkoutApi.devCancel(sessionId),
    onMutate: () => setActionError(null),
    onSuccess: ({ redirectUrl }) => {
      const target = redirectUrl || '/shop';
      if (target.startsWith('/') && !target.startsWith('//')) void navigate(target, { replace: true });
      else browser.assign(target);
    },
    onError: onActionError,
  });

  if (session.isLoading) return <FullPageSpinner label="Loading checkout" />;

  const busy = pay.isPending || cancel.isPending || pay.isSuccess;
  const errorAlert = actionError && (
    <Alert severity="error" sx={{ mb: 3 }}>
      {actionError}
    </Alert>
  );

  if (session.isError || !session.data) {
    return (
      <Frame>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          Checkout unavailable
        </Typography>
        <Alert severity="error" sx={{ mb: 3 }}>
          {errorMessage(session.error, 'This checkout session could not be loaded.')}
        </Alert>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to="/shop" variant="contained">
            Back to Shop
          </Button>
          <Button component={RouterLink} to="/dashboard" variant="outlined">
            Go to Dashboard
          </Button>
        </Stack>
      </Frame>
    );
  }

  const data: DevCheckoutSession = session.data;
  const courseTitle = data.subject.title;
  const price = formatPrice(data.amount, data.currency);

  if (data.status !== 'open') {
    return (
      <Frame>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          Checkout closed
        </Typography>
        {errorAlert}
        <Alert severity="info" sx={{ mb: 3 }}>
          This checkout session is no longer open: it {STATUS_TEXT[data.status] ?? `is ${data.status}`}.
        </Alert>
        <Typography sx={{ mb: 3 }}>
          <strong>{courseTitle}</strong> · {price}
        </Typography>
        <Button component={RouterLink} to="/dashboard" variant="contained">
          Go to Dashboard
        </Button>
      </Frame>
    );
  }

  return (
    <Frame>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Complete your purchase
      </Typography>
      <Alert severity="warning" icon={<ScienceOutlinedIcon />} sx={{ mb: 3 }}>
        <AlertTitle>Test payment</AlertTitle>
        No real money is charged. This is the built-in payment provider, used while no card payment provider is
        configured.
      </Alert>
      {errorAlert}
      <Stack spacing={1.5} sx={{ mb: 3 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Typography color="text.secondary">Course</Typography>
          <Typography sx={{ fontWeight: 600, textAlign: 'right' }} data-testid="checkout-course">
            {courseTitle}
          </Typography>
        </Box>
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <Typography color="text.secondary">Price (one-time)</Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="checkout-price">
            {price}
          </Typography>
        </Box>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" size="large" onClick={() => pay.mutate()} disabled={busy}>
          {`Pay ${price}`}
        </Button>
        <Button variant="outlined" size="large" onClick={() => cancel.mutate()} disabled={busy}>
          Cancel
        </Button>
      </Stack>
    </Frame>
  );
}
