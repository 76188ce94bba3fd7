import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { nodePath } from '../../graph/links';

/**
 * Says, where a screen reader announces it and everyone sees it first, that this page is the
 * unpublished draft and that nothing on it counts: learners keep reading the published topic.
 */
export function DraftPreviewBanner({ nodeId, subjectId }: { nodeId: string; subjectId: string }) {
  return (
    <Alert
      severity="warning"
      role="status"
      component="section"
      aria-labelledby="draft-preview-heading"
      data-testid="draft-preview-banner"
      sx={{ mb: 3, '& .MuiAlert-message': { minWidth: 0 } }}
    >
      <AlertTitle id="draft-preview-heading" component="h2" sx={{ fontWeight: 700 }}>
        Draft preview
      </AlertTitle>
      <Typography id="draft-preview-text" variant="body2">
        This is the unpublished draft of this topic, shown as learners will see it after the next publish. Learners
        still see the published version. Bookmarks, notes and the AI tutor are off here, and nothing on this page
        changes your progress.
      </Typography>
      <Link
        component={RouterLink}
        to={nodePath(nodeId, subjectId)}
        variant="body2"
        sx={{ display: 'inline-block', mt: 1 }}
      >
        Open the published topic
      </Link>
    </Alert>
  );
}
