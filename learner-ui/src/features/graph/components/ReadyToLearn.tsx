import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReadyTopic } from '../../../api';
import { nodePath } from '../links';
import { levelPercent, masteryLabel } from '../mastery-level';

/** How many fringe topics the panel lists before '… and N more'. */
const SHOWN = 6;

/**
 * 'Ready to learn': the outer fringe of the learner's knowledge state (prerequisites mastered, the
 * topic not yet), shown first on /graph so the diagnostic's result says what to study next.
 */
export function ReadyToLearn({
  topics,
  loading,
  subjectId,
  total,
  blockedReason,
}: {
  topics: ReadyTopic[];
  loading: boolean;
  subjectId: string;
  /** topics in the subject, to tell 'everything mastered' from 'nothing yet' */
  total: number;
  /** why no topic is ready while some are not complete (a locked module, or practice first) */
  blockedReason?: string;
}) {
  const shown = topics.slice(0, SHOWN);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="ready-heading"
      sx={{ p: { xs: 2, sm: 2.5 }, mb: 3 }}
      data-testid="ready-to-learn"
    >
      <Typography id="ready-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Ready to learn
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Topics whose prerequisites you have mastered. Start with one of these.
      </Typography>
      {loading ? (
        <Skeleton variant="rounded" height={40} />
      ) : topics.length === 0 ? (
        <Typography variant="body2">
          {blockedReason ?? (total > 0 ? 'You have mastered every topic of this course.' : 'No topics yet.')}
        </Typography>
      ) : (
        <Stack component="ol" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shown.map((t) => (
            <Box
              component="li"
              key={t.id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 32 }}
            >
              <Link component={RouterLink} to={nodePath(t.id, subjectId)} sx={{ fontWeight: 600, py: 0.5 }}>
                {t.title}
              </Link>
              <Chip size="small" variant="outlined" label={`${masteryLabel(t.level)} · ${levelPercent(t.level)}%`} />
            </Box>
          ))}
          {topics.length > SHOWN && (
            <Typography component="li" variant="body2" color="text.secondary">
              … and {topics.length - SHOWN} more
            </Typography>
          )}
        </Stack>
      )}
    </Paper>
  );
}
