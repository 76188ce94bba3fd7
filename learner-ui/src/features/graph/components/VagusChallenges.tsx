import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChallengeListItem } from '../../../api/challenges';
import { challengePath } from '../links';

/** Optional challenge links: shown only when GET /api/challenges lists them (not while it fails). */
const OPTIONAL_VAGUS_CHALLENGES: { id: string; label: string }[] = [
  { id: 'vagus-breath-7', label: 'Vagus Breath 7d' },
  { id: 'vagus-tvns-10', label: 'Vagus tVNS 10d' },
];

/**
 * The vagus course's guided challenges, for its owners (`list`: GET /api/challenges, read by the graph page):
 * each links to the challenge page (/challenge/{cid}). Primary colours: the teal secondary fails 4.5:1 with
 * white text.
 */
export function VagusChallenges({ list }: { list: ChallengeListItem[] | undefined }) {
  return (
    <Paper variant="outlined" component="section" aria-label="Challenges" sx={{ p: 2, mb: 3 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Guided challenges
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button component={RouterLink} to={challengePath('vagus-reset-14')} variant="contained">
          Start Vagus Reset 14d
        </Button>
        {OPTIONAL_VAGUS_CHALLENGES.map(({ id, label }) => {
          const found = list?.find((c) => c.id === id);
          if (!found) return null;
          return (
            <Button key={id} component={RouterLink} to={challengePath(id)} variant="outlined">
              {found.name || label}
            </Button>
          );
        })}
      </Stack>
    </Paper>
  );
}
