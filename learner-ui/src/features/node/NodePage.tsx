import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import { bookmarksApi, errorMessage, notesApi, type TopicNode } from '../../api';
import { useAuth } from '../auth/auth-context';
import { usePriceMap } from '../catalog/hooks';
import { checkoutStartPath, graphPath } from '../catalog/links';
import { FullPageSpinner } from '../common/FullPageSpinner';
import { ChooseSubjectPrompt } from '../graph/components/ChooseSubjectPrompt';
import { learningKeys, useTopic } from '../graph/hooks';
import { levelPercent, MASTERY_COLORS, masteryLabel, masteryLevel } from '../graph/mastery-level';
import { MasteryBar } from '../mastery/MasteryBar';
import { matchesSubject } from '../shop/ShopPage';
import { useSubjectParam } from '../subjects/hooks/useSubjectParam';
import { usePublishedSubjects } from '../subjects/hooks/useSubjects';
import { useToast } from '../toast/toast-context';
import { HtmlContent } from './HtmlContent';
import { TutorPanel } from './TutorPanel';

const TABS = ['Summary', 'Variants', 'Sources', 'Video'] as const;
type TabName = (typeof TABS)[number];

export const VARIANT_LABELS: [string, string][] = [
  ['beginner', 'Beginner'],
  ['advanced', 'Advanced'],
  ['practical', 'Practical'],
  ['theoretical', 'Theoretical'],
];

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
          This topic may be locked. Buy access to the full course to unlock every topic, or go back to the
          learning graph.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to={checkoutStartPath(subjectId, prices.get(subjectId)?.priceId)} variant="contained">
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
  const subjectId = node.subject_id || subject;
  const [tab, setTab] = useState<TabName>('Summary');
  const [noteOpen, setNoteOpen] = useState(false);

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
          <Paper variant="outlined">
            <Tabs
              value={tab}
              onChange={(_e, v: TabName) => setTab(v)}
              aria-label="Topic content"
              variant="scrollable"
              allowScrollButtonsMobile
              sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
            >
              {TABS.map((t) => (
                <Tab key={t} value={t} label={t} id={`topic-tab-${t}`} aria-controls={`topic-panel-${t}`} />
              ))}
            </Tabs>
            <Box
              role="tabpanel"
              id={`topic-panel-${tab}`}
              aria-labelledby={`topic-tab-${tab}`}
              sx={{ p: { xs: 2.5, sm: 3.5 } }}
            >
              {tab === 'Summary' && <SummaryTab node={node} />}
              {tab === 'Variants' && <VariantsTab node={node} />}
              {tab === 'Sources' && <SourcesTab node={node} />}
              {tab === 'Video' && <VideoTab node={node} />}
            </Box>
          </Paper>
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

function SummaryTab({ node }: { node: TopicNode }) {
  const html = node.lesson_html || node.summary_html || '';
  if (!html) return <Typography color="text.secondary">No summary for this topic yet.</Typography>;
  return <HtmlContent html={html} testId="topic-summary-html" />;
}

function VariantsTab({ node }: { node: TopicNode }) {
  const present = VARIANT_LABELS.filter(([key]) => node.variants?.[key]);
  if (present.length === 0) return <Typography color="text.secondary">No variants for this topic yet.</Typography>;
  return (
    <Stack spacing={3}>
      {present.map(([key, label]) => (
        <Box key={key} component="section" aria-labelledby={`variant-${key}`}>
          <Typography id={`variant-${key}`} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {label}
          </Typography>
          <HtmlContent html={node.variants?.[key] ?? ''} />
        </Box>
      ))}
    </Stack>
  );
}

function SourcesTab({ node }: { node: TopicNode }) {
  const sources = (node.sources ?? [])
    .map((s) => (typeof s === 'string' ? { title: s, url: /^https?:\/\//.test(s) ? s : undefined } : s))
    .filter((s) => s.title || s.url);
  if (sources.length === 0) return <Typography color="text.secondary">No sources for this topic yet.</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Sources">
      {sources.map((s, i) => (
        <Box component="li" key={`${s.url ?? s.title}-${i}`} sx={{ mb: 1 }}>
          {s.url ? (
            <Link href={s.url} target="_blank" rel="noopener noreferrer">
              {s.title || s.url}
            </Link>
          ) : (
            s.title
          )}
        </Box>
      ))}
    </Box>
  );
}

function VideoTab({ node }: { node: TopicNode }) {
  if (!node.video?.url) return <Typography color="text.secondary">No video for this topic yet.</Typography>;
  return (
    <Box>
      {node.video.title && (
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
          {node.video.title}
        </Typography>
      )}
      <Box
        component="video"
        controls
        preload="metadata"
        src={node.video.url}
        aria-label={node.video.title || node.title}
        data-testid="topic-video"
        sx={{ width: '100%', borderRadius: 1, bgcolor: 'black' }}
      />
    </Box>
  );
}

function MasteryCard({ level }: { level: number | null | undefined }) {
  const lvl = masteryLevel(level);
  const color = MASTERY_COLORS[lvl];
  const pct = levelPercent(level);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="mastery-heading" sx={{ p: 2.5 }} data-mastery={lvl}>
      <Typography id="mastery-heading" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        Your Mastery
      </Typography>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Chip label={masteryLabel(level)} color={color} size="small" data-testid="mastery-label" />
        <Typography variant="body2" color="text.secondary">
          {pct}%
        </Typography>
      </Stack>
      <MasteryBar percent={pct} label="Topic mastery" level={lvl} />
    </Paper>
  );
}

function BookmarkToggle({ node, subject }: { node: TopicNode; subject: string }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const bookmarked = !!node.bookmarked;
  const mutation = useMutation({
    mutationFn: async (add: boolean): Promise<void> => {
      if (add) await bookmarksApi.add(node.subject_id, node.id);
      else await bookmarksApi.remove(node.subject_id, node.id);
    },
    onSuccess: (_data, add) => {
      queryClient.setQueryData<TopicNode>(learningKeys.node(user?.email, subject, node.id), (old) =>
        old ? { ...old, bookmarked: add } : old,
      );
      void queryClient.invalidateQueries({ queryKey: learningKeys.bookmarksAll(user?.email) });
    },
    onError: (err) =>
      toast({
        title: 'Bookmark not saved',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  return (
    <Button
      variant={bookmarked ? 'contained' : 'outlined'}
      color="secondary"
      aria-pressed={bookmarked}
      disabled={mutation.isPending}
      startIcon={bookmarked ? <BookmarkIcon /> : <BookmarkBorderIcon />}
      onClick={() => mutation.mutate(!bookmarked)}
    >
      {bookmarked ? 'Bookmarked' : 'Bookmark'}
    </Button>
  );
}

function AddNotePanel({ node, onDone }: { node: TopicNode; onDone: () => void }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [text, setText] = useState('');
  const mutation = useMutation({
    mutationFn: () => notesApi.create({ subjectId: node.subject_id, nodeId: node.id, text }),
    onSuccess: () => {
      toast({ title: 'Note saved', description: `Added to your notes for ${node.title}.`, variant: 'success' });
      setText('');
      void queryClient.invalidateQueries({ queryKey: learningKeys.notesAll(user?.email) });
      onDone();
    },
    onError: (err) =>
      toast({ title: 'Note not saved', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
  });
  const blank = text.trim() === '';
  return (
    <Paper
      variant="outlined"
      component="section"
      id="add-note-panel"
      aria-label="Add Note"
      sx={{ p: 2.5, mb: 3 }}
    >
      <TextField
        label="Note"
        multiline
        minRows={3}
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Write what you want to remember about this topic…"
        autoFocus
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button variant="contained" disabled={blank || mutation.isPending} onClick={() => mutation.mutate()}>
          Save
        </Button>
      </Stack>
      {mutation.isError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorMessage(mutation.error, 'The note could not be saved. Please try again.')}
        </Alert>
      )}
    </Paper>
  );
}
