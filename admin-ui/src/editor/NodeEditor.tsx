import { useEffect, useMemo, useRef, useState } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { HttpError, LinkBase, Title, useBasename, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';

import { apiErrorMessage } from '../subjects/coursesApi';
import { DEFAULT_SUBJECT } from '../versions/versionsApi';
import {
  fetchStudioNode,
  formatSources,
  parseSources,
  sameContent,
  saveStudioNode,
  VARIANT_KEYS,
  type NodeContent,
  type StudioNode,
  type VariantKey,
} from './nodeApi';
import { sanitizeHtml } from './sanitizeHtml';

export const SAVE_FAILED = 'Unable to save changes. Please try again.';
export const SAVED_TITLE = 'Changes saved';
export const SAVED_TEXT = 'Node content has been updated successfully.';

const VARIANT_LABELS: Record<VariantKey, string> = {
  beginner: 'Beginner',
  advanced: 'Advanced',
  practical: 'Practical',
  theoretical: 'Theoretical',
};

type Load =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'error'; message: string }
  | { state: 'loaded'; node: StudioNode };

type TabName = 'summary' | 'variants' | 'sources';

const contentOf = (node: NodeContent): NodeContent => ({
  summary_html: node.summary_html,
  variants: { ...node.variants },
  sources: node.sources,
});

/** /studio/editor/:nodeId?subject=: edits one node's summary, variants and sources in the draft overlay. */
export const NodeEditor = () => {
  const { nodeId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const subjectId = searchParams.get('subject')?.trim() || DEFAULT_SUBJECT;
  const basename = useBasename();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  useEffect(() => {
    logoutRef.current = logoutIfAccessDenied;
  }, [logoutIfAccessDenied]);

  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [saved, setSaved] = useState<NodeContent | null>(null);
  const [draft, setDraft] = useState<NodeContent | null>(null);
  const [sourcesText, setSourcesText] = useState('[]');
  const [tab, setTab] = useState<TabName>('summary');
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);

  const reset = (node: NodeContent) => {
    setSaved(contentOf(node));
    setDraft(contentOf(node));
    setSourcesText(formatSources(node.sources));
  };

  useEffect(() => {
    let active = true;
    setLoad({ state: 'loading' });
    setSaved(null);
    setDraft(null);
    fetchStudioNode(nodeId, subjectId).then(
      node => {
        if (!active) return;
        setLoad({ state: 'loaded', node });
        reset(node);
      },
      async error => {
        if (!active || (await logoutRef.current(error))) return;
        if (!active) return;
        if (error instanceof HttpError && error.status === 404) setLoad({ state: 'not-found' });
        else setLoad({ state: 'error', message: apiErrorMessage(error, 'Failed to load the node') });
      },
    );
    return () => {
      active = false;
    };
  }, [nodeId, subjectId]);

  const dirty = saved !== null && draft !== null && !sameContent(saved, draft);
  const sourcesInvalid = parseSources(sourcesText) === null;
  const preview = useMemo(() => sanitizeHtml(draft?.summary_html ?? ''), [draft?.summary_html]);

  const save = async () => {
    if (!draft || !dirty || inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      const stored = await saveStudioNode(nodeId, subjectId, draft);
      reset(stored);
      notify(
        <Alert severity="success" variant="filled">
          <AlertTitle>{SAVED_TITLE}</AlertTitle>
          {SAVED_TEXT}
        </Alert>,
        { type: 'success' },
      );
    } catch (error) {
      if (!(await logoutRef.current(error))) notify(SAVE_FAILED, { type: 'error' });
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const versionsLink = `${basename}/versions?subject=${encodeURIComponent(subjectId)}`;
  const backLink = (
    <Button component={LinkBase} to={versionsLink} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      Back to Versions
    </Button>
  );

  if (load.state === 'loading') {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title="Node Editor" />
        <Box role="status" aria-label="Loading node" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      </Box>
    );
  }

  if (load.state === 'not-found' || load.state === 'error') {
    return (
      <Box sx={{ mt: 2, maxWidth: 720 }}>
        <Title title="Node Editor" />
        {backLink}
        <Typography variant="h4" component="h1" gutterBottom>
          {load.state === 'not-found' ? 'Node not found' : 'Node Editor'}
        </Typography>
        {load.state === 'not-found' ? (
          <Typography color="text.secondary">
            There is no node “{nodeId}” in the subject {subjectId}.
          </Typography>
        ) : (
          <Alert severity="error">Could not load the node: {load.message}</Alert>
        )}
      </Box>
    );
  }

  if (!draft) return null;
  const { node } = load;

  const setVariant = (key: VariantKey, value: string) =>
    setDraft(current => (current ? { ...current, variants: { ...current.variants, [key]: value } } : current));

  const changeSources = (text: string) => {
    setSourcesText(text);
    const sources = parseSources(text);
    // Invalid JSON is ignored: the last valid sources stay, and no change is recorded.
    if (sources) setDraft(current => (current ? { ...current, sources } : current));
  };

  return (
    <Box sx={{ mt: 2, mb: 12, maxWidth: 1000 }}>
      <Title title={`Edit: ${node.title}`} />
      {backLink}
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
        <Typography variant="h4" component="h1">
          {node.title}
        </Typography>
        {dirty && <Chip color="warning" label="Unsaved Changes" />}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          onClick={save}
          disabled={!dirty || saving}
          startIcon={saving ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
        >
          Save
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {node.id} · {node.subjectId}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        Edits are saved to the content overlay, not to the live content. Learners see them only after the changes
        are published on the Versions screen.
      </Alert>

      <Card variant="outlined">
        <Tabs value={tab} onChange={(_, value: TabName) => setTab(value)} aria-label="Node content">
          <Tab value="summary" label="Summary" id="editor-tab-summary" aria-controls="editor-panel-summary" />
          <Tab value="variants" label="Variants" id="editor-tab-variants" aria-controls="editor-panel-variants" />
          <Tab value="sources" label="Sources" id="editor-tab-sources" aria-controls="editor-panel-sources" />
        </Tabs>
        <CardContent>
          {tab === 'summary' && (
            <Box role="tabpanel" id="editor-panel-summary" aria-labelledby="editor-tab-summary">
              <TextField
                label="Summary HTML"
                multiline
                minRows={8}
                fullWidth
                value={draft.summary_html}
                onChange={event => setDraft({ ...draft, summary_html: event.target.value })}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
              />
              <Typography variant="subtitle2" component="h2" sx={{ mt: 2, mb: 1 }}>
                Preview
              </Typography>
              <Paper
                variant="outlined"
                sx={{ p: 2 }}
                role="region"
                aria-label="Summary preview"
                dangerouslySetInnerHTML={{ __html: preview }}
              />
            </Box>
          )}
          {tab === 'variants' && (
            <Stack role="tabpanel" id="editor-panel-variants" aria-labelledby="editor-tab-variants" spacing={2}>
              {VARIANT_KEYS.map(key => (
                <TextField
                  key={key}
                  label={VARIANT_LABELS[key]}
                  multiline
                  minRows={4}
                  fullWidth
                  value={draft.variants[key]}
                  onChange={event => setVariant(key, event.target.value)}
                />
              ))}
            </Stack>
          )}
          {tab === 'sources' && (
            <Box role="tabpanel" id="editor-panel-sources" aria-labelledby="editor-tab-sources">
              <TextField
                label="Sources (JSON)"
                multiline
                minRows={8}
                fullWidth
                value={sourcesText}
                onChange={event => changeSources(event.target.value)}
                error={sourcesInvalid}
                helperText={
                  sourcesInvalid
                    ? 'Not a valid JSON array: the last valid sources are kept.'
                    : 'A JSON array of { "title", "url", "type" } objects.'
                }
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
              />
            </Box>
          )}
        </CardContent>
      </Card>

      {dirty && (
        <Paper
          elevation={6}
          role="region"
          aria-label="Unsaved changes"
          sx={{
            position: 'fixed',
            bottom: 24,
            left: '50%',
            transform: 'translateX(-50%)',
            px: 3,
            py: 1.5,
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            zIndex: theme => theme.zIndex.snackbar - 1,
          }}
        >
          <Typography>You have unsaved changes.</Typography>
          <Button
            variant="contained"
            onClick={save}
            disabled={saving}
            startIcon={saving ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
          >
            Save Now
          </Button>
        </Paper>
      )}
    </Box>
  );
};
