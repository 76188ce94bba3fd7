import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import type { TopicNode } from '../../api';
import { usePriceMap } from '../catalog/hooks';
import { checkoutStartPath, graphPath } from '../catalog/links';
import { FullPageSpinner } from '../common/FullPageSpinner';
import { ChooseSubjectPrompt } from '../graph/components/ChooseSubjectPrompt';
import { useTopic } from '../graph/hooks';
import { matchesSubject } from '../shop/ShopPage';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { usePublishedSubjects } from '../subjects/hooks/useSubjects';
import { usePageTitle } from '../layout/page-title-context';
import { AddNotePanel } from './components/AddNotePanel';
import { BookmarkToggle } from './components/BookmarkToggle';
import { MasteryCard } from './components/MasteryCard';
import { TopicTabs } from './components/TopicTabs';
import { TutorPanel } from './TutorPanel';

/** /node/:nodeId?subject: one topic with tabs, the AI tutor, mastery, bookmark and notes. */
export function NodePage() {
  const { nodeId = '' } = useParams();
  const [subject] = useSubjectParam();
  if (!subject) return <ChooseSubjectPrompt title="Topic" />;
  return <NodeForSubject nodeId={nodeId} subject={subject} />;
}

function NodeForSubject({ nodeId, subject }: { nodeId: string; subject: string }) {
  const topic = useTopic(nodeId, subject);
  const subjects = usePublishedSubjects();
  const { prices } = usePriceMap();
  const subjectId =
    topic.data?.subject_id ?? (subjects.data ?? []).find((s) => matchesSubject(s, subject))?.id ?? subject;

  if (topic.isLoading) return <FullPageSpinner label="Loading topic" />;

  if (topic.isError || !topic.data) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 640, mx: 'auto', textAlign: 'center' }}>
        <LockOutlinedIcon color="primary" sx={{ fontSize: 44, mb: 1 }} aria-hidden />
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          Topic unavailable
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          This topic may be locked. Buy access to the full course to unlock every topic, or go back to the learning
          graph.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button
            component={RouterLink}
            to={checkoutStartPath(subjectId, prices.get(subjectId)?.priceId)}
            variant="contained"
          >
            Buy Access
          </Button>
          <Button component={RouterLink} to={graphPath(subjectId)} variant="outlined" startIcon={<ArrowBackIcon />}>
            Back to Graph
          </Button>
        </Stack>
      </Paper>
    );
  }

  return <TopicView node={topic.data} subject={subject} />;
}

function TopicView({ node, subject }: { node: TopicNode; subject: string }) {
  const subjectId = node.subject_id;
  const [noteOpen, setNoteOpen] = useState(false);
  usePageTitle(node.title);

  return (
    <Box component="article" aria-labelledby="topic-title">
      <Button component={RouterLink} to={graphPath(subjectId)} startIcon={<ArrowBackIcon />} sx={{ mb: 2, ml: -1 }}>
        Back to Graph
      </Button>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' }, mb: 3 }}
      >
        <Box>
          {node.category && <Chip label={node.category} size="small" variant="outlined" sx={{ mb: 1 }} />}
          <Typography id="topic-title" component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
            {node.title}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <BookmarkToggle node={node} subject={subject} />
          <Button
            variant={noteOpen ? 'contained' : 'outlined'}
            startIcon={<NoteAddOutlinedIcon />}
            aria-expanded={noteOpen}
            aria-controls="add-note-panel"
            onClick={() => setNoteOpen((o) => !o)}
          >
            Add Note
          </Button>
        </Stack>
      </Stack>

      <Collapse in={noteOpen} unmountOnExit>
        <AddNotePanel node={node} onDone={() => setNoteOpen(false)} />
      </Collapse>

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <TopicTabs node={node} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            <MasteryCard level={node.mastery_level} />
            <TutorPanel nodeId={node.id} subject={subjectId} />
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
