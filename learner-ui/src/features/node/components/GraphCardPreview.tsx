import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { topicCardOf, type TopicNode } from '../../../api';
import { TopicCard } from '../../graph/components/TopicCard';

/**
 * The topic's card as the learning graph will show it after the next publish (the draft's title,
 * module and excerpt), so the editor sees the teaser learners choose a topic by.
 */
export function GraphCardPreview({ node, to }: { node: TopicNode; to: string }) {
  return (
    <Box component="section" aria-labelledby="graph-card-heading" data-testid="graph-card-preview">
      <Typography id="graph-card-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        On the learning graph
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        The topic&apos;s card on the graph, with the summary excerpt it shows.
      </Typography>
      <TopicCard node={topicCardOf(node)} subjectId={node.subject_id} to={to} />
    </Box>
  );
}
