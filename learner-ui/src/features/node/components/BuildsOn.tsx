import { Link as RouterLink } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TopicNode } from '../../../api';

/**
 * The topics this one builds on, each a link to its page (`pathOf` decides which: a draft preview keeps
 * previewing the draft). Nothing without prerequisites.
 */
export function BuildsOn({
  prerequisites,
  pathOf,
}: {
  prerequisites: TopicNode['prerequisites'];
  pathOf: (nodeId: string) => string;
}) {
  if (prerequisites.length === 0) return null;
  return (
    <Stack
      component="nav"
      aria-label="Builds on"
      direction="row"
      sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      <Typography variant="body2" color="text.secondary" aria-hidden>
        Builds on:
      </Typography>
      {prerequisites.map((p) => (
        <Chip
          key={p.id}
          label={p.title || p.id}
          component={RouterLink}
          to={pathOf(p.id)}
          clickable
          size="small"
          variant="outlined"
          sx={{ maxWidth: '100%' }}
        />
      ))}
    </Stack>
  );
}
