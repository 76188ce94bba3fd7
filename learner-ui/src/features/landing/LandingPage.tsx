import { useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AutoGraphIcon from '@mui/icons-material/AutoGraph';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HubIcon from '@mui/icons-material/Hub';
import InsightsIcon from '@mui/icons-material/Insights';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import FavoriteIcon from '@mui/icons-material/Favorite';
import type { SvgIconComponent } from '@mui/icons-material';
import { useAuth } from '../auth/auth-context';
import { FullPageSpinner } from '../common/FullPageSpinner';
import { usePriceMap } from '../catalog/hooks';
import { formatPrice } from '../catalog/price';

const FEATURED_SUBJECT = 'vagus-nerve';

const FEATURES: { title: string; description: string; icon: SvgIconComponent }[] = [
  {
    title: 'Adaptive Learning',
    description: 'A short diagnostic finds your gaps, and your path adjusts with every answer.',
    icon: AutoGraphIcon,
  },
  {
    title: 'Interactive Content',
    description: 'Explore each course as a knowledge graph with lessons, videos and an AI tutor.',
    icon: HubIcon,
  },
  {
    title: 'Progress Tracking',
    description: 'Watch per-skill mastery grow with every quiz, practice session and challenge.',
    icon: InsightsIcon,
  },
  {
    title: 'Expert Support',
    description: 'Courses built with subject experts, with cited sources behind every topic.',
    icon: SupportAgentIcon,
  },
];

const FEATURED_POINTS = [
  'Vagal tone and heart-rate variability (HRV) explained',
  'Guided breathing protocols you can use anywhere',
  'Safe, evidence-informed stimulation techniques',
];

function FeaturedCourseCard() {
  // Live price; a failed load simply shows no price.
  const { prices } = usePriceMap();
  const price = prices.get(FEATURED_SUBJECT);
  return (
    <Card
      elevation={0}
      sx={{
        border: 1,
        borderColor: 'divider',
        overflow: 'hidden',
        boxShadow: '0 24px 48px -24px rgba(40, 52, 140, 0.35)',
      }}
    >
      <Box
        sx={{
          px: 3,
          py: 3.5,
          color: 'common.white',
          background: (t) =>
            `linear-gradient(135deg, ${t.palette.primary.dark} 0%, ${t.palette.primary.main} 55%, ${t.palette.secondary.main} 100%)`,
        }}
      >
        <Chip
          label="Featured course"
          size="small"
          sx={{ bgcolor: 'rgba(255,255,255,0.18)', color: 'common.white', fontWeight: 600, mb: 1.5 }}
        />
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <FavoriteIcon aria-hidden />
          <Typography component="h2" variant="h5" sx={{ fontWeight: 800 }}>
            The Vagus Nerve
          </Typography>
        </Stack>
        <Typography sx={{ mt: 1, opacity: 0.92 }}>Your body's built-in calm switch, understood and trained.</Typography>
      </Box>
      <CardContent sx={{ px: 3, pt: 2.5 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Learn how the nerve linking your brain to your heart, lungs and gut shapes stress resilience, and practise
          breathing and stimulation techniques that raise vagal tone for calmer days and better recovery.
        </Typography>
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {FEATURED_POINTS.map((point) => (
            <Stack component="li" key={point} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <CheckCircleIcon color="secondary" fontSize="small" sx={{ mt: '2px' }} aria-hidden />
              <Typography variant="body2">{point}</Typography>
            </Stack>
          ))}
        </Stack>
        {price && (
          <Typography sx={{ mt: 2.5 }} data-testid="featured-price">
            <Box component="span" sx={{ fontSize: '1.5rem', fontWeight: 800 }}>
              {formatPrice(price.amount, price.currency)}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              one-time
            </Box>
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 3, pb: 3, pt: 1, gap: 1 }}>
        <Button component={RouterLink} to={`/shop?subject=${FEATURED_SUBJECT}`} variant="contained">
          Buy Access
        </Button>
        <Button component={RouterLink} to={`/preview?subject=${FEATURED_SUBJECT}`} variant="outlined">
          Preview
        </Button>
      </CardActions>
    </Card>
  );
}

export function LandingPage() {
  const { isAuthenticated, loading, user } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (isAuthenticated) void navigate('/dashboard', { replace: true });
  }, [isAuthenticated, navigate]);

  // While the session probe runs: a remembered session (the local-storage hint) is on its way to the dashboard,
  // so a spinner; without one the visitor is almost surely signed out and the page shows at once, not after the
  // probe's round trip (a session found after all still moves on to the dashboard).
  if (loading && user) return <FullPageSpinner />;

  return (
    <Box>
      <Grid container spacing={{ xs: 5, md: 8 }} sx={{ alignItems: 'center', py: { xs: 2, md: 6 } }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: '0.12em' }}>
            Adaptive learning platform
          </Typography>
          <Typography
            component="h1"
            variant="h2"
            sx={{ fontWeight: 800, letterSpacing: '-0.03em', fontSize: { xs: '2.4rem', md: '3.4rem' }, mt: 1 }}
          >
            Learn smarter with courses that adapt to you
          </Typography>
          <Typography variant="h6" color="text.secondary" sx={{ mt: 2.5, fontWeight: 400, maxWidth: 600 }}>
            LearnPath maps what you already know, then guides you topic by topic through an interactive knowledge graph,
            with an AI tutor, spaced-repetition practice and clear progress at every step.
          </Typography>

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
            {isAuthenticated ? (
              <Button component={RouterLink} to="/dashboard" variant="contained" size="large">
                Go to Dashboard
              </Button>
            ) : (
              <>
                <Button component={RouterLink} to="/register" variant="contained" size="large">
                  Get Started Free
                </Button>
                <Button component={RouterLink} to="/login" variant="outlined" size="large">
                  Sign In
                </Button>
              </>
            )}
            <Button component={RouterLink} to="/shop" variant="text" size="large">
              Browse Courses
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
            One-time purchase per course · Learn at your own pace · Free previews
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <FeaturedCourseCard />
        </Grid>
      </Grid>

      <Box component="section" aria-labelledby="features-heading" sx={{ mt: { xs: 8, md: 10 } }}>
        <Typography id="features-heading" component="h2" variant="h4" sx={{ fontWeight: 800, textAlign: 'center' }}>
          Everything you need to master a subject
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1.5, mb: 5, maxWidth: 640, mx: 'auto' }}>
          Study less aimlessly: every lesson, question and review is chosen for where you are right now.
        </Typography>
        <Grid container spacing={3}>
          {FEATURES.map(({ title, description, icon: Icon }) => (
            <Grid key={title} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent sx={{ p: 3 }}>
                  <Box
                    sx={{
                      width: 44,
                      height: 44,
                      borderRadius: 2.5,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: (t) => alpha(t.palette.primary.main, 0.1),
                      color: 'primary.main',
                      mb: 2,
                    }}
                  >
                    <Icon aria-hidden />
                  </Box>
                  <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
                    {title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {description}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Box>
    </Box>
  );
}
