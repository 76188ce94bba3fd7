import { useRef, useState, type ChangeEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useMutation } from '@tanstack/react-query';
import { type SortPayload, Title, useDataProvider, useGetList, useNotify } from 'react-admin';

import { useCourses } from '../courses/course';
import { apiErrorMessage } from '../providers/apiErrorMessage';
import type { StudioDataProvider } from '../providers/dataProvider';
import { SubjectSelect, useSubjectOptions } from '../versions/SubjectSelect';
import type { MediaFile } from './mediaMethods';

export const NODE_ID_FIRST = 'Enter a node id first';
export const ATTACHED = 'Attached';
export const ATTACH_FAILED = 'Attach failed';
export const NO_VIDEOS = 'No videos for this subject yet.';

/** The react-admin resource of a subject's video files: `/api/admin/media`. */
const MEDIA = 'media';
/** Newest first, one page of up to 100 (`range=[0,99]`). */
const NEWEST_FIRST: SortPayload = { field: 'createdAt', order: 'DESC' };
const MEDIA_PAGE_SIZE = 100;
/** What the file picker offers; the server checks the bytes anyway. */
const VIDEO_TYPES = 'video/mp4,video/webm';

/** "1:05" for 65 s, "1:01:05" past the hour; null when unknown. */
const formatDuration = (ms: number | null): string | null => {
  if (ms === null) return null;
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

/** "850 KB", "4.2 MB". */
const formatSize = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

type Severity = 'info' | 'success' | 'warning' | 'error';
interface Status {
  text: string;
  severity: Severity;
}

const STATUS_COLOR: Record<Severity, string> = {
  info: 'text.secondary',
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
};

/**
 * Media Manager: a subject's video files (rendered and uploaded), each playable, with an Open
 * link and an Attach button that makes it the video of the node typed in (in the draft overlay,
 * live on publish). New videos can be uploaded for the subject.
 */
export const MediaManager = () => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const notify = useNotify();
  const courses = useCourses();
  const options = useSubjectOptions();
  const [chosen, setChosen] = useState<string | null>(null);
  const [nodeId, setNodeId] = useState('');
  const [nodeIdError, setNodeIdError] = useState(false);
  const [status, setStatus] = useState<Status>({ text: '', severity: 'info' });
  const nodeIdInput = useRef<HTMLInputElement>(null);

  const subjectId = chosen ?? options[0]?.id ?? '';
  const videos = useGetList<MediaFile>(
    MEDIA,
    {
      filter: { subjectId },
      sort: NEWEST_FIRST,
      pagination: { page: 1, perPage: MEDIA_PAGE_SIZE },
    },
    { enabled: subjectId !== '' },
  );

  const attachCall = useMutation({
    mutationFn: ({ file, node }: { file: MediaFile; node: string }) =>
      dataProvider.attachMedia({ nodeId: node, subjectId, url: file.path }),
    onSuccess: (_, { file, node }) => {
      notify(ATTACHED, { type: 'success' });
      setStatus({ text: `${file.name} is now the video of ${node} (draft, live on publish).`, severity: 'success' });
    },
    onError: (error) => {
      notify(ATTACH_FAILED, { type: 'error' });
      setStatus({
        text: `${ATTACH_FAILED}: ${apiErrorMessage(error, 'no answer from the server')}`,
        severity: 'error',
      });
    },
  });
  const attaching = attachCall.isPending ? attachCall.variables.file.id : null;

  const uploadCall = useMutation({
    mutationFn: (file: File) => dataProvider.uploadMedia(subjectId, file),
    onSuccess: async (row) => {
      setStatus({ text: `Uploaded ${row.name}.`, severity: 'success' });
      await videos.refetch();
    },
    onError: (error) =>
      setStatus({ text: `Upload failed: ${apiErrorMessage(error, 'no answer from the server')}`, severity: 'error' }),
  });
  const uploading = uploadCall.isPending;

  const attach = (file: MediaFile) => {
    if (attaching) return;
    const node = nodeId.trim();
    if (!node) {
      setNodeIdError(true);
      setStatus({ text: NODE_ID_FIRST, severity: 'warning' });
      nodeIdInput.current?.focus();
      return;
    }
    setStatus({ text: `Attaching ${file.name} to ${node}…`, severity: 'info' });
    attachCall.mutate({ file, node });
  };

  const upload = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again (after a failure) fires a change again.
    input.value = '';
    if (!file || !subjectId || uploading) return;
    setStatus({ text: `Uploading ${file.name}…`, severity: 'info' });
    uploadCall.mutate(file);
  };

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 1200 }}>
      <Title title="Media Manager" />
      <Typography variant="h4" component="h1" gutterBottom>
        Media Manager
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The subject's videos, rendered from its lecture audio or uploaded. Attach one to a node to make it the node's
        video: the change goes to the draft and is live once the draft is published.
      </Typography>

      {courses.state === 'error' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Could not load the subjects: {courses.message}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' }, mb: 1 }}>
        <SubjectSelect
          value={subjectId}
          onChange={(next) => setChosen(next)}
          disabled={options.length === 0 || uploading}
        />
        <TextField
          size="small"
          label="Node id"
          value={nodeId}
          onChange={(event) => {
            setNodeId(event.target.value);
            setNodeIdError(false);
          }}
          error={nodeIdError}
          inputRef={nodeIdInput}
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
          sx={{ minWidth: 220 }}
        />
        <Button
          component="label"
          // The file input inside takes the focus and the keyboard (MUI's pattern): no second tab stop.
          role={undefined}
          tabIndex={-1}
          variant="outlined"
          disabled={!subjectId || uploading}
          startIcon={
            uploading ? <CircularProgress size={14} color="inherit" aria-hidden /> : <UploadFileIcon aria-hidden />
          }
          // The input is visually hidden; show its keyboard focus on the button.
          sx={{ whiteSpace: 'nowrap', '&:focus-within': { outline: '2px solid', outlineOffset: 2 } }}
        >
          Upload video
          <Box
            component="input"
            type="file"
            accept={VIDEO_TYPES}
            disabled={!subjectId || uploading}
            onChange={upload}
            sx={{
              position: 'absolute',
              width: 1,
              height: 1,
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
              clipPath: 'inset(50%)',
              whiteSpace: 'nowrap',
            }}
          />
        </Button>
      </Stack>
      <Typography
        role="status"
        aria-live="polite"
        data-testid="media-status"
        variant="body2"
        sx={{ minHeight: '1.5em', mb: 2, color: STATUS_COLOR[status.severity], overflowWrap: 'anywhere' }}
      >
        {status.text}
      </Typography>

      <VideoGrid
        subjectId={subjectId}
        loading={videos.isPending}
        error={videos.error ? apiErrorMessage(videos.error, 'Failed to load the videos') : null}
        files={videos.data ?? []}
        attaching={attaching}
        onAttach={attach}
      />
    </Box>
  );
};

const VideoGrid = ({
  subjectId,
  loading,
  error,
  files,
  attaching,
  onAttach,
}: {
  subjectId: string;
  loading: boolean;
  error: string | null;
  files: MediaFile[];
  attaching: string | null;
  onAttach: (file: MediaFile) => void;
}) => {
  if (!subjectId) return <Typography color="text.secondary">Choose a subject to see its videos.</Typography>;
  if (error) return <Alert severity="error">Could not load the videos: {error}</Alert>;
  if (loading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading videos" />
      </Box>
    );
  }
  if (files.length === 0) return <Typography color="text.secondary">{NO_VIDEOS}</Typography>;
  return (
    <Box
      component="ul"
      aria-label="Videos"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
      }}
    >
      {files.map((file) => (
        <Box component="li" key={file.id} sx={{ minWidth: 0 }}>
          <VideoCard file={file} attaching={attaching === file.id} busy={attaching !== null} onAttach={onAttach} />
        </Box>
      ))}
    </Box>
  );
};

const VideoCard = ({
  file,
  attaching,
  busy,
  onAttach,
}: {
  file: MediaFile;
  attaching: boolean;
  busy: boolean;
  onAttach: (file: MediaFile) => void;
}) => {
  const details = [
    formatDuration(file.durationMs),
    formatSize(file.size),
    file.source === 'upload' ? 'uploaded' : 'rendered',
  ].filter((d): d is string => !!d);
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="video"
        controls
        preload="metadata"
        src={file.url}
        aria-label={file.name}
        sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', bgcolor: 'common.black' }}
      >
        {file.captions ? <track kind="captions" src={file.captions} label="Captions" default /> : null}
      </Box>
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography component="h2" variant="subtitle2" sx={{ overflowWrap: 'anywhere', flexGrow: 1 }}>
            {file.name}
          </Typography>
          {file.stale && <Chip size="small" color="warning" label="stale" />}
        </Stack>
        {details.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {details.join(' · ')}
          </Typography>
        )}
      </CardContent>
      <CardActions>
        <Button
          size="small"
          component="a"
          href={file.url}
          target="_blank"
          rel="noopener"
          aria-label={`Open ${file.name}`}
          startIcon={<OpenInNewIcon aria-hidden />}
        >
          Open
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={() => onAttach(file)}
          disabled={busy}
          aria-label={`Attach ${file.name}`}
          startIcon={attaching ? <CircularProgress size={14} color="inherit" aria-hidden /> : undefined}
        >
          Attach
        </Button>
      </CardActions>
    </Card>
  );
};
