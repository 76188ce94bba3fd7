import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { errorMessage, isApiError } from '../../api';
import { usePreview, usePreviewNode } from '../catalog/hooks';
import { checkoutStartPath, previewPath } from '../catalog/links';
import { FullPageSpinner } from '../common/FullPageSpinner';
import { usePageTitle } from '../layout/page-title-context';
import { HtmlContent } from '../node/HtmlContent';
import { PreviewMessage } from './PreviewPage';

/** /preview/node/:nodeId?subject (public): one free sample lesson. */
export function PreviewNodePage() {
  const { nodeId = '' } = useParams();
  const [params] = useSearchParams();
  const subject = params.get('subject')?.trim() || null;
  const node = usePreviewNode(nodeId, subject);
  // For the price id behind Buy Access (and already cached when coming from the preview page).
  const preview = usePreview(subject);
  usePageTitle(node.data?.title ? `${node.data.title} · Sample Lesson` : null);

  if (!subject) {
    return <PreviewMessage title="Sample Lesson" text="Choose a course in the shop to see its free preview." />;
  }

  const subjectId = preview.data?.subject.id ?? subject;
  const actions = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      <Button
        component={RouterLink}
        to={checkoutStartPath(subjectId, preview.data?.price?.priceId)}
        variant="contained"
      >
        Buy Access
      </Button>
      <Button component={RouterLink} to={previewPath(subjectId)} variant="outlined" startIcon={<ArrowBackIcon />}>
        Back to preview
      </Button>
    </Stack>
  );

  if (node.isLoading) return <FullPageSpinner label="Loading lesson" />;

  if (node.isError || !node.data) {
    const locked = isApiError(node.error) && node.error.status === 403;
    const notFound = isApiError(node.error) && node.error.status === 404;
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 640, mx: 'auto' }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          {locked ? 'Part of the full course' : notFound ? 'Lesson not found' : 'Lesson unavailable'}
        </Typography>
        <Alert severity={locked ? 'info' : 'error'} sx={{ mb: 3 }}>
          {errorMessage(
            node.error,
            notFound ? 'This lesson does not exist.' : 'The lesson could not be loaded. Please try again.',
          )}
        </Alert>
        {actions}
      </Paper>
    );
  }

  const lesson = node.data;
  const html = lesson.lesson_html || lesson.summary_html || '';
  return (
    <Box component="article" aria-labelledby="sample-lesson-title" sx={{ maxWidth: 820, mx: 'auto' }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
        <Chip label="Free sample" color="secondary" size="small" />
        {lesson.category && (
          <Chip label={lesson.category} size="small" variant="outlined" data-testid="lesson-category" />
        )}
      </Stack>
      <Typography
        id="sample-lesson-title"
        component="h1"
        variant="h4"
        sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}
      >
        {lesson.title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, my: 3 }}>
        {/* The server sanitises lesson html. */}
        <HtmlContent html={html} testId="lesson-html" />
      </Paper>
      {actions}
    </Box>
  );
}
