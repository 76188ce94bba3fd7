import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import type { GraphNode } from '../../../api';
import { htmlToText } from '../../common/dates';
import { nodePath } from '../links';
import { MasteryBar } from '../../mastery/MasteryBar';
import { levelPercent, MASTERY_COLORS, masteryLabel, masteryLevel } from '../mastery-level';

/**
 * A topic on the learning graph: title, category, mastery label and bar, 3-line summary, Explore Topic
 * (to the topic's page, or `to`: a draft preview's card leads to the draft). A complete topic has a
 * "Complete" chip, a topic of a soft-locked module "Locked" with the reason (it stays readable).
 */
export function TopicCard({
  node,
  subjectId,
  to,
  complete = false,
  locked = null,
}: {
  node: GraphNode;
  subjectId: string;
  to?: string;
  complete?: boolean;
  /** why the topic's module is locked; null when it is open */
  locked?: string | null;
}) {
  const level = masteryLevel(node.mastery_level);
  const color = MASTERY_COLORS[level];
  const pct = levelPercent(node.mastery_level);
  const titleId = `topic-${node.id}-title`;
  const status = [complete && 'complete', locked && 'locked'].filter(Boolean).join(', ');
  return (
    <Card
      component="article"
      variant="outlined"
      {...(status ? { 'aria-label': `${node.title}, ${status}` } : { 'aria-labelledby': titleId })}
      data-mastery={level}
      data-complete={complete ? 'true' : undefined}
      data-locked={locked ? 'true' : undefined}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderTop: 4,
        borderTopColor: color === 'default' ? 'divider' : `${color}.main`,
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
          {node.category && <Chip label={node.category} size="small" variant="outlined" data-testid="topic-category" />}
          <Chip label={masteryLabel(node.mastery_level)} size="small" color={color} data-testid="mastery-label" />
          {complete && (
            <Chip
              icon={<CheckCircleIcon aria-hidden />}
              label="Complete"
              size="small"
              color="success"
              variant="outlined"
              data-testid="topic-complete"
            />
          )}
          {locked && (
            <Chip
              icon={<LockOutlinedIcon aria-hidden />}
              label="Locked"
              size="small"
              variant="outlined"
              data-testid="topic-locked"
            />
          )}
        </Stack>
        <Typography id={titleId} component="h3" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {node.title}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="topic-summary"
          sx={{
            mt: 1,
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {htmlToText(node.summary)}
        </Typography>
        {locked && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="topic-locked-reason">
            {locked}
          </Typography>
        )}
        <Box sx={{ mt: 2 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="caption" color="text.secondary">
              Mastery
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {pct}%
            </Typography>
          </Stack>
          <MasteryBar percent={pct} label={`${node.title} mastery`} level={level} size="small" />
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to={to ?? nodePath(node.id, subjectId)} variant="contained" size="small">
          Explore Topic
        </Button>
      </CardActions>
    </Card>
  );
}

export function TopicCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Skeleton width="40%" />
        <Skeleton variant="text" sx={{ fontSize: '1.4rem' }} />
        <Skeleton />
        <Skeleton />
        <Skeleton width="60%" />
        <Skeleton variant="rounded" height={6} sx={{ mt: 2 }} />
      </CardContent>
    </Card>
  );
}
