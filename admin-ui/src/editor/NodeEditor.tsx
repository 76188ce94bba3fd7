import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, AlertTitle, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { LinkBase, Title, useBasename, useNotify } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';

import { DEFAULT_SUBJECT } from '../shared/editorPath';
import { NodeContentTabs } from './NodeContentTabs';
import { UnsavedChangesBar } from './UnsavedChangesBar';
import { useNodeDraft } from './useNodeDraft';

export const SAVE_FAILED = 'Unable to save changes. Please try again.';
export const SAVED_TITLE = 'Changes saved';
export const SAVED_TEXT = 'Node content has been updated successfully.';

/** /studio/editor/:id?subject=: edits one node's summary, variants and sources in the draft overlay. */
export const NodeEditor = () => {
  const { id: nodeId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const subjectId = searchParams.get('subject')?.trim() || DEFAULT_SUBJECT;
  const basename = useBasename();
  const notify = useNotify();
  const node = useNodeDraft(nodeId, subjectId);
  const { load, draft, dirty, saving } = node;

  const save = async () => {
    const outcome = await node.save();
    if (outcome === 'saved') {
      notify(
        <Alert severity="success" variant="filled">
          <AlertTitle>{SAVED_TITLE}</AlertTitle>
          {SAVED_TEXT}
        </Alert>,
        { type: 'success' },
      );
    } else if (outcome === 'failed') {
      notify(SAVE_FAILED, { type: 'error' });
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
  const { title, id, subjectId: nodeSubject } = load.node;

  return (
    <Box sx={{ mt: 2, mb: 12, maxWidth: 1000 }}>
      <Title title={`Edit: ${title}`} />
      {backLink}
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
        <Typography variant="h4" component="h1">
          {title}
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
        {id} · {nodeSubject}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        Edits are saved to the content overlay, not to the live content. Learners see them only after the changes are
        published on the Versions screen.
      </Alert>

      <NodeContentTabs
        draft={draft}
        sourcesText={node.sourcesText}
        sourcesInvalid={node.sourcesInvalid}
        onSummary={node.setSummary}
        onVariant={node.setVariant}
        onSources={node.changeSources}
      />

      {dirty && <UnsavedChangesBar saving={saving} onSave={save} />}
    </Box>
  );
};
