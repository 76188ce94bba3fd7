import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { LinkBase, Title, useBasename, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { apiErrorMessage } from '../subjects/coursesApi';
import { SubjectSelect } from './SubjectSelect';
import {
  DEFAULT_SUBJECT,
  editorPath,
  fetchVersions,
  formatVersionDate,
  publishOverlay,
  resetOverlay,
  type Version,
  type VersionList as VersionListData,
} from './versionsApi';

export const EMPTY_MESSAGE = 'No versions found';
export const RESET_CONFIRM = 'All unpublished changes will be discarded. This cannot be undone.';
export const PUBLISH_CONFIRM = 'A new version will be created and the changes will be live for all users.';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'loaded'; data: VersionListData };

type Action = 'reset' | 'publish';

/** /studio/versions: the subject's versions and its unpublished draft overlay. */
export const VersionList = () => {
  const notify = useNotify();
  const basename = useBasename();
  const navigate = useNavigate();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const logoutRef = useRef(logoutIfAccessDenied);
  useEffect(() => {
    logoutRef.current = logoutIfAccessDenied;
  }, [logoutIfAccessDenied]);

  const [searchParams] = useSearchParams();
  const [subjectId, setSubjectId] = useState(() => searchParams.get('subject')?.trim() || DEFAULT_SUBJECT);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [confirm, setConfirm] = useState<Action | null>(null);
  const [running, setRunning] = useState<Action | null>(null);
  const [nodeId, setNodeId] = useState('');

  useEffect(() => {
    let active = true;
    setLoad({ state: 'loading' });
    fetchVersions(subjectId).then(
      data => {
        if (active) setLoad({ state: 'loaded', data });
      },
      async error => {
        if (!active || (await logoutRef.current(error))) return;
        if (active) setLoad({ state: 'error', message: apiErrorMessage(error, 'Failed to load versions') });
      },
    );
    return () => {
      active = false;
    };
  }, [subjectId, reloads]);

  const refetch = useCallback(() => setReloads(n => n + 1), []);

  const run = async (action: Action) => {
    setConfirm(null);
    if (running) return;
    setRunning(action);
    try {
      if (action === 'publish') {
        const { version } = await publishOverlay(subjectId);
        notify(version ? `Changes published as v${version}` : 'Changes published', { type: 'success' });
      } else {
        await resetOverlay(subjectId);
        notify('Overlay reset', { type: 'success' });
      }
    } catch (error) {
      if (!(await logoutRef.current(error))) {
        const what = action === 'publish' ? 'Publish failed' : 'Reset failed';
        notify(`${what}: ${apiErrorMessage(error, 'Please try again.')}`, { type: 'error', multiLine: true });
      }
    } finally {
      setRunning(null);
      refetch();
    }
  };

  const openEditor = (event: FormEvent) => {
    event.preventDefault();
    const id = nodeId.trim();
    if (id) navigate(`${basename}${editorPath(id, subjectId)}`);
  };

  const data = load.state === 'loaded' ? load.data : null;

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 900 }}>
      <Title title="Versions" />
      <Typography variant="h4" component="h1" gutterBottom>
        Versions
      </Typography>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }} alignItems="flex-start">
        <SubjectSelect value={subjectId} onChange={setSubjectId} disabled={running !== null} />
        <Box component="form" onSubmit={openEditor} sx={{ display: 'flex', gap: 1 }} aria-label="Open a node">
          <TextField
            size="small"
            label="Node id"
            value={nodeId}
            onChange={event => setNodeId(event.target.value)}
          />
          <Button type="submit" variant="outlined" disabled={!nodeId.trim()}>
            Edit
          </Button>
        </Box>
      </Stack>

      {data?.hasOverlay && (
        <Alert
          severity="warning"
          component="section"
          role="region"
          aria-labelledby="overlay-banner-title"
          sx={{ mb: 3 }}
          action={
            <Stack direction="row" spacing={1}>
              <Button
                color="inherit"
                variant="outlined"
                size="small"
                disabled={running !== null}
                onClick={() => setConfirm('reset')}
              >
                Reset Overlay
              </Button>
              <Button
                color="warning"
                variant="contained"
                size="small"
                disabled={running !== null}
                onClick={() => setConfirm('publish')}
                startIcon={running ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
              >
                Publish Changes
              </Button>
            </Stack>
          }
        >
          <AlertTitle id="overlay-banner-title">Active Content Overlay</AlertTitle>
          Unpublished changes are being tested in the overlay. Learners see them only once they are published.
        </Alert>
      )}

      <Card variant="outlined" component="section" aria-labelledby="versions-heading" sx={{ mb: 3 }}>
        <CardContent>
          <Typography id="versions-heading" variant="h6" component="h2" gutterBottom>
            Version History
          </Typography>
          {load.state === 'loading' && (
            <Box role="status" aria-label="Loading versions" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
              <CircularProgress size={28} />
            </Box>
          )}
          {load.state === 'error' && <Alert severity="error">Could not load the versions: {load.message}</Alert>}
          {data && data.versions.length === 0 && <Typography color="text.secondary">{EMPTY_MESSAGE}</Typography>}
          {data && data.versions.length > 0 && (
            <List aria-label="Versions" disablePadding>
              {data.versions.map((version, index) => (
                <VersionItem
                  key={version.id}
                  version={version}
                  current={index === 0}
                  hasOverlay={index === 0 && data.hasOverlay}
                  subjectId={subjectId}
                  basename={basename}
                />
              ))}
            </List>
          )}
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="versions-help-heading">
        <CardContent>
          <Typography id="versions-help-heading" variant="h6" component="h2" gutterBottom>
            How versions work
          </Typography>
          <Typography color="text.secondary" paragraph>
            Edits made in the node editor go to the content overlay. The overlay affects only your tenant and is
            meant for testing: learners keep seeing the published version.
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
        onConfirm={() => run('reset')}
      />
      <ConfirmDialog
        open={confirm === 'publish'}
        title="Publish Changes?"
        text={PUBLISH_CONFIRM}
        confirmLabel="Publish"
        onCancel={() => setConfirm(null)}
        onConfirm={() => run('publish')}
      />
    </Box>
  );
};

const VersionItem = ({
  version,
  current,
  hasOverlay,
  subjectId,
  basename,
}: {
  version: Version;
  current: boolean;
  hasOverlay: boolean;
  subjectId: string;
  basename: string;
}) => (
  <ListItem divider sx={{ display: 'block', px: 0 }} aria-label={`v${version.version}`}>
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        v{version.version}
      </Typography>
      {current ? (
        <Chip size="small" color="primary" label="Current" />
      ) : (
        <Chip size="small" variant="outlined" label="Published" />
      )}
      {hasOverlay && <Chip size="small" color="warning" label="Has Overlay" />}
      <Typography variant="body2" color="text.secondary" component="span">
        {formatVersionDate(version.createdAt)}
      </Typography>
    </Stack>
    {version.changedNodes.length > 0 && (
      <Box sx={{ mt: 0.5 }}>
        <Typography variant="body2" color="text.secondary" component="span">
          Changed nodes:{' '}
        </Typography>
        {version.changedNodes.map((node, i) => (
          <span key={node.id}>
            {i > 0 && ', '}
            <Link component={LinkBase} to={`${basename}${editorPath(node.id, subjectId)}`} variant="body2">
              {node.title ?? node.id}
            </Link>
          </span>
        ))}
      </Box>
    )}
  </ListItem>
);

const ConfirmDialog = ({
  open,
  title,
  text,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}) => {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
