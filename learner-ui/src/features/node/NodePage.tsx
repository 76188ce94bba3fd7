import { lazy, Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import { errorMessage, type TopicNode } from '../../api';
import { useAuth } from '../auth/auth-context';
import { usePriceMap } from '../catalog/hooks';
import { checkoutStartPath, graphPath } from '../catalog/links';
import { FullPageSpinner } from '../common/FullPageSpinner';
import { ChooseSubjectPrompt } from '../graph/components/ChooseSubjectPrompt';
import { useTopic, useTopicPreview } from '../graph/hooks';
import { nodePath, nodePreviewPath } from '../graph/links';
import { matchesSubject } from '../subjects/match-subject';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { usePublishedSubjects } from '../subjects/hooks/useSubjects';
import { usePageTitle } from '../layout/page-title-context';
import { BookmarkToggle } from './components/BookmarkToggle';
import { BuildsOn } from './components/BuildsOn';
import { DraftPreviewBanner } from './components/DraftPreviewBanner';
import { MasteryCard } from './components/MasteryCard';
import { TopicQuizList } from './components/TopicQuizList';
import { TopicTabs } from './components/TopicTabs';
import { TopicSkeleton } from './components/TopicSkeleton';

// Below the fold: the check loads after the lesson, in its own chunk.
const TopicCheck = lazy(() => import('./components/TopicCheck'));
// Below the lesson on a phone and used only on a click: the tutor too. The note form opens on a click, and the
// graph card shows only in a draft preview.
const TutorPanel = lazy(() => import('./TutorPanel').then((m) => ({ default: m.TutorPanel })));
const AddNotePanel = lazy(() => import('./components/AddNotePanel').then((m) => ({ default: m.AddNotePanel })));
const GraphCardPreview = lazy(() =>
  import('./components/GraphCardPreview').then((m) => ({ default: m.GraphCardPreview })),
);

export const PREVIEW_FOR_STAFF_ONLY = 'Draft previews are for Studio staff. This is the published topic.';
/** About the tutor panel's height before an answer (its heading and a row or two of buttons). */
const TUTOR_PANEL_HEIGHT = 150;
export const TUTOR_OFF_IN_PREVIEW = 'The tutor answers from the published topic, so it is off in a draft preview.';

/**
 * /node/:nodeId?subject: one topic with tabs, the AI tutor, mastery, bookmark and notes.
 * With &preview=overlay, studio staff see the page rendered from the subject's unpublished draft; anyone
 * else gets the published page (the server refuses them the draft) with a word on why.
 */
export function NodePage() {
  const { nodeId = '' } = useParams();
  const [subject] = useSubjectParam();
  const [params] = useSearchParams();
  const { hasRole } = useAuth();
  if (!subject) return <ChooseSubjectPrompt title="Topic" />;
  if (params.get('preview') === 'overlay') {
    if (hasRole('studio') || hasRole('admin')) return <DraftPreview nodeId={nodeId} subject={subject} />;
    return (
      <NodeForSubject
        nodeId={nodeId}
        subject={subject}
        notice={
          <Alert severity="info" role="status" sx={{ mb: 3 }}>
            {PREVIEW_FOR_STAFF_ONLY}
          </Alert>
        }
      />
    );
  }
  return <NodeForSubject nodeId={nodeId} subject={subject} />;
}

/** The draft, under its own query key; never the published topic's cache, never a write. */
function DraftPreview({ nodeId, subject }: { nodeId: string; subject: string }) {
  const draft = useTopicPreview(nodeId, subject, true);
  if (draft.isLoading) return <FullPageSpinner label="Loading draft preview" />;
  if (draft.isError || !draft.data) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 640, mx: 'auto', textAlign: 'center' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          Draft preview unavailable
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }} data-testid="preview-error">
          {errorMessage(draft.error, 'The draft of this topic could not be loaded. Please try again.')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to={nodePath(nodeId, subject)} variant="contained">
            Open the published topic
          </Button>
          <Button component={RouterLink} to={graphPath(subject)} variant="outlined" startIcon={<ArrowBackIcon />}>
            Back to Graph
          </Button>
        </Stack>
      </Paper>
    );
  }
  return <TopicView node={draft.data} subject={subject} preview />;
}

function NodeForSubject({ nodeId, subject, notice }: { nodeId: string; subject: string; notice?: ReactNode }) {
  const topic = useTopic(nodeId, subject);
  const subjects = usePublishedSubjects();
  const { prices } = usePriceMap();
  const subjectId =
    topic.data?.subject_id ?? (subjects.data ?? []).find((s) => matchesSubject(s, subject))?.id ?? subject;

  // the topic renders as a transition (in slices, not one long task), the skeleton meanwhile
  const arrived = useDeferredValue(!topic.isLoading);
  if (topic.isLoading || !arrived) return <TopicSkeleton />;

  if (topic.isError || !topic.data) {
    return (
      <>
        {notice}
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
      </>
    );
  }

  return (
    <>
      {notice}
      <TopicView node={topic.data} subject={subject} />
    </>
  );
}

/**
 * The topic page. A `preview` is the same page from the draft, under its banner, with the graph card it
 * will get; its links to other topics stay in the preview, and every write (bookmark, note, tutor) is off.
 */
function TopicView({ node, subject, preview = false }: { node: TopicNode; subject: string; preview?: boolean }) {
  const subjectId = node.subject_id;
  const [noteOpen, setNoteOpen] = useState(false);
  usePageTitle(preview ? `Draft preview: ${node.title}` : node.title);
  const topicPath = (id: string) => (preview ? nodePreviewPath(id, subjectId) : nodePath(id, subjectId));

  return (
    <Box component="article" aria-labelledby="topic-title">
      {preview && <DraftPreviewBanner nodeId={node.id} subjectId={subjectId} />}
      <Button component={RouterLink} to={graphPath(subjectId)} startIcon={<ArrowBackIcon />} sx={{ mb: 2, ml: -1 }}>
        Back to Graph
      </Button>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' }, mb: 3 }}
      >
        <Box sx={{ minWidth: 0 }}>
          {node.category && <Chip label={node.category} size="small" variant="outlined" sx={{ mb: 1 }} />}
          <Typography
            id="topic-title"
            component="h1"
            variant="h4"
            // focus lands on the h1 after navigating: a screen reader then also reads that this is the draft
            aria-describedby={preview ? 'draft-preview-text' : undefined}
            sx={{ fontWeight: 800, letterSpacing: '-0.02em', overflowWrap: 'anywhere' }}
          >
            {node.title}
          </Typography>
          <BuildsOn prerequisites={node.prerequisites} pathOf={topicPath} />
        </Box>
        {/* the buttons keep their width: a long title wraps instead of squeezing 'Add Note' onto two lines */}
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <BookmarkToggle node={node} subject={subject} disabled={preview} />
          <Button
            variant={noteOpen ? 'contained' : 'outlined'}
            startIcon={<NoteAddOutlinedIcon />}
            aria-expanded={noteOpen}
            aria-controls="add-note-panel"
            disabled={preview}
            onClick={() => setNoteOpen((o) => !o)}
          >
            Add Note
          </Button>
        </Stack>
      </Stack>

      {!preview && (
        <Collapse in={noteOpen} unmountOnExit>
          <Suspense fallback={null}>
            <AddNotePanel node={node} onDone={() => setNoteOpen(false)} />
          </Suspense>
        </Collapse>
      )}

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <TopicTabs node={node} preview={preview} />
          {/* a draft preview lists its check items read-only: staff answers would count as a learner's */}
          {preview ? (
            <TopicQuizList items={node.micro_quiz} />
          ) : (
            node.micro_quiz.length > 0 && (
              <Suspense fallback={<Skeleton variant="rounded" height={280} sx={{ mt: 3 }} aria-hidden />}>
                <TopicCheck key={node.id} node={node} subjectId={subjectId} />
              </Suspense>
            )
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            {preview && (
              <Suspense fallback={null}>
                <GraphCardPreview node={node} to={nodePreviewPath(node.id, subjectId)} />
              </Suspense>
            )}
            <MasteryCard level={node.mastery_level} />
            <Suspense fallback={<Skeleton variant="rounded" height={TUTOR_PANEL_HEIGHT} aria-hidden />}>
              <TutorPanel nodeId={node.id} subject={subjectId} offReason={preview ? TUTOR_OFF_IN_PREVIEW : undefined} />
            </Suspense>
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
