import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';

export const ARCHIVED_TOPIC = 'Archived topic';

/**
 * Marks a note or bookmark whose topic was retired from the course: the learner's item is kept and
 * shown, but the topic has no page any more. A span, so it may sit inside a line of text (`sx` spaces it there).
 */
export function ArchivedTopicChip({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Chip
      component="span"
      size="small"
      icon={<Inventory2OutlinedIcon aria-hidden />}
      label={ARCHIVED_TOPIC}
      data-testid="archived-topic"
      sx={[{ verticalAlign: 'middle' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
