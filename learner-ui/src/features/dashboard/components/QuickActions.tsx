import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { SvgIconComponent } from '@mui/icons-material';
import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import FitnessCenterIcon from '@mui/icons-material/FitnessCenter';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { nodePath } from '../../graph/links';
import { withSubject } from '../../layout/nav-links';
import { useReadyToLearn } from '../../mastery/useReadyToLearn';

interface QuickAction {
  title: string;
  description: string;
  to: string;
  icon: SvgIconComponent;
}

export const QUICK_ACTIONS: readonly QuickAction[] = [
  {
    title: 'Continue Learning',
    description: 'Pick up your topic graph where you left off.',
    to: '/graph',
    icon: PlayCircleOutlineIcon,
  },
  {
    title: 'Practice Session',
    description: 'Review the cards that are due today.',
    to: '/practice',
    icon: FitnessCenterIcon,
  },
  {
    title: 'My Notes',
    description: 'Everything you have written down.',
    to: '/notes',
    icon: EditNoteIcon,
  },
  {
    title: 'Bookmarks',
    description: 'Topics you saved for later.',
    to: '/bookmarks',
    icon: BookmarksOutlinedIcon,
  },
  {
    title: 'Browse Courses',
    description: 'Find your next subject in the shop.',
    to: '/shop',
    icon: StorefrontOutlinedIcon,
  },
];

/**
 * Continue Learning goes to the first 'ready to learn' topic of the focus subject (the outer fringe of
 * what the learner knows), so the diagnostic's result changes it; else to the graph.
 */
export function QuickActions({ subject }: { subject: string | null }) {
  const ready = useReadyToLearn(subject);
  const next = ready.data?.[0];
  const actions = QUICK_ACTIONS.map((a) =>
    a.title === 'Continue Learning' && next && subject
      ? { ...a, to: nodePath(next.id, subject), description: `Next: ${next.title}` }
      : { ...a, to: withSubject(a.to, subject) },
  );
  return (
    <Box component="section" aria-labelledby="quick-actions-heading">
      <Typography id="quick-actions-heading" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        Quick Actions
      </Typography>
      <Grid container spacing={2}>
        {actions.map(({ title, description, to, icon: Icon }) => (
          <Grid key={title} size={{ xs: 12, sm: 6, md: 'grow' }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={to}
                sx={{ height: '100%', p: 2.5, display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}
              >
                <Box
                  aria-hidden
                  sx={{
                    width: 40,
                    height: 40,
                    borderRadius: 2,
                    display: 'grid',
                    placeItems: 'center',
                    color: 'primary.main',
                    bgcolor: (t) => alpha(t.palette.primary.main, 0.1),
                    mb: 1.5,
                  }}
                >
                  <Icon />
                </Box>
                <CardContent sx={{ p: 0 }}>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                    {title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {description}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
