import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { catalogApi, checkoutApi } from '../../api';
import { useAuth } from '../auth/auth-context';
import { loginPathWithNext } from '../auth/redirect';
import { catalogKeys } from '../catalog/hooks';
import { checkoutStartPath, shopPath } from '../catalog/links';
import { browser } from '../common/browser';

/**
 * /checkout/start?subject&priceId (public). Signed out → /login?next=<this page>. Without a
 * priceId the subject's price is looked up; none → back to the shop. Signed in → create the
 * session and leave for its url (the built-in /checkout/dev/… page or Stripe). Failure → shop.
 */
export function CheckoutStartPage() {
  const { isAuthenticated, loading } = useAuth();
  const [params] = useSearchParams();
  const subject = params.get('subject')?.trim() || null;
  const priceIdParam = params.get('priceId')?.trim() || null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // One checkout session per visit: StrictMode runs effects twice and a session costs a Stripe call.
  const started = useRef(false);

  useEffect(() => {
    if (loading || started.current) return;
    started.current = true;

    if (!subject) {
      void navigate('/shop', { replace: true });
      return;
    }
    if (!isAuthenticated) {
      void navigate(loginPathWithNext(checkoutStartPath(subject, priceIdParam)), { replace: true });
      return;
    }

    const backToShop = () => void navigate(shopPath(subject), { replace: true });

    void (async () => {
      let priceId = priceIdParam;
      if (!priceId) {
        try {
          const prices = await queryClient.fetchQuery({ queryKey: catalogKeys.prices, queryFn: catalogApi.prices });
          priceId = prices.find((p) => p.subjectId === subject)?.priceId ?? null;
        } catch (err) {
          console.error('Could not load prices for checkout', err);
        }
        // Payment needs a price id: without one nothing is bought.
        if (!priceId) {
          backToShop();
          return;
        }
      }
      try {
        const { url } = await checkoutApi.create(subject, priceId);
        browser.assign(url);
      } catch (err) {
        console.error('Checkout failed', err);
        backToShop();
      }
    })();
  }, [loading, isAuthenticated, subject, priceIdParam, navigate, queryClient]);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 6, md: 10 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 4, sm: 6 }, maxWidth: 480, width: '100%', textAlign: 'center' }}>
        <CircularProgress aria-label="Starting checkout" />
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mt: 3 }}>
          Starting checkout
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Taking you to the secure payment page…
        </Typography>
      </Paper>
    </Box>
  );
}
