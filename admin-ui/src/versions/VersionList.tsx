import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { LinkBase, Title, useBasename } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { DEFAULT_SUBJECT, editorPath } from '../shared/editorPath';
import { ConfirmDialog } from './ConfirmDialog';
import { OverlayBanner } from './OverlayBanner';
import { SubjectSelect } from './SubjectSelect';
import { PUBLISH_CONFLICT, useVersions, type OverlayAction } from './useVersions';
import { VersionHistory } from './VersionHistory';

export const RESET_CONFIRM = 'All unpublished changes will be discarded. This cannot be undone.';
export const PUBLISH_CONFIRM = 'A new version will be created and the changes will be live for all users.';

/** /studio/versions: the subject's versions and its unpublished draft overlay. */
export const VersionList = () => {
  const basename = useBasename();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  // the chosen course lives in the address, so Back and reload keep it
  const subjectId = searchParams.get('subject')?.trim() || DEFAULT_SUBJECT;
  const setSubjectId = (next: string) =>
    setSearchParams((params) => {
      params.set('subject', next);
      return params;
    });
  const { load, running, run, conflict } = useVersions(subjectId);
  const [confirm, setConfirm] = useState<OverlayAction | null>(null);
  const [nodeId, setNodeId] = useState('');

  const confirmed = (action: OverlayAction) => {
    setConfirm(null);
    run(action);
  };

  const openEditor = (event: FormEvent) => {
    event.preventDefault();
    const id = nodeId.trim();
    if (id) void navigate(`${basename}${editorPath(id, subjectId)}`);
  };

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 900 }}>
      <Title title="Versions" />
      <Typography variant="h4" component="h1" gutterBottom>
        Versions
      </Typography>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }} alignItems="flex-start">
        <SubjectSelect value={subjectId} onChange={setSubjectId} disabled={running !== null} />
        <Box component="form" onSubmit={openEditor} sx={{ display: 'flex', gap: 1 }} aria-label="Open a node">
          <TextField size="small" label="Node id" value={nodeId} onChange={(event) => setNodeId(event.target.value)} />
          <Button type="submit" variant="outlined" disabled={!nodeId.trim()}>
            Edit
          </Button>
        </Box>
      </Stack>

      <Button
        component={LinkBase}
        to={`${basename}/subjects?subject=${encodeURIComponent(subjectId)}`}
        variant="text"
        sx={{ mb: 2 }}
      >
        Course outline: edit, add and reorder topics
      </Button>

      {conflict && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {PUBLISH_CONFLICT}
        </Alert>
      )}

      {load.state === 'loaded' && load.data.hasOverlay && (
        <OverlayBanner
          running={running !== null}
          onReset={() => setConfirm('reset')}
          onPublish={() => setConfirm('publish')}
        />
      )}

      <VersionHistory load={load} subjectId={subjectId} />

      <Card variant="outlined" component="section" aria-labelledby="versions-help-heading">
        <CardContent>
          <Typography id="versions-help-heading" variant="h6" component="h2" gutterBottom>
            How versions work
          </Typography>
          <Typography color="text.secondary" paragraph>
            Edits made in the node editor go to the content overlay. The overlay affects only your tenant and is meant
            for testing: learners keep seeing the published version.
          </Typography>
          <Typography color="text.secondary">
            Publishing creates a new version from the overlay, makes it live for all users and clears the overlay.
            Resetting discards the overlay and returns to the last published version.
          </Typography>
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirm === 'reset'}
        title="Reset Overlay?"
        text={RESET_CONFIRM}
        confirmLabel="Reset Overlay"
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirmed('reset')}
      />
      <ConfirmDialog
        open={confirm === 'publish'}
        title="Publish Changes?"
        text={PUBLISH_CONFIRM}
        confirmLabel="Publish"
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirmed('publish')}
      />
    </Box>
  );
};
