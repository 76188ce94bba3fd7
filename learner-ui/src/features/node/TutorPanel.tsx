import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { errorMessage, tutorApi, TUTOR_ACTIONS, type TutorAction, type TutorVariant } from '../../api';
import { HtmlContent } from './HtmlContent';

export const TUTOR_LABELS: Record<TutorAction, string> = {
  explain_more: 'Explain more',
  simplify: 'Simplify',
  example: 'Example',
  steps: 'Steps',
  why: 'Why',
  visualize: 'Visualize',
};

export const TUTOR_ERROR = 'Sorry, I encountered an error. Please try again.';

/**
 * AI Tutor: one button per action; POST /api/tutor/variant and show the returned (server-sanitised) html.
 * With `offReason` the buttons are off and the reason shows (a draft preview: the tutor reads the published topic).
 */
export function TutorPanel({ nodeId, subject, offReason }: { nodeId: string; subject: string; offReason?: string }) {
  const mutation = useMutation<TutorVariant & { action: TutorAction }, unknown, TutorAction>({
    mutationFn: async (action) => ({ ...(await tutorApi.variant(nodeId, action, subject)), action }),
  });
  const pendingAction = mutation.isPending ? mutation.variables : null;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="tutor-heading" sx={{ p: 2.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <AutoAwesomeIcon color="secondary" fontSize="small" aria-hidden />
        <Typography id="tutor-heading" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          AI Tutor
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {TUTOR_ACTIONS.map((action) => (
          <Button
            key={action}
            size="small"
            variant={mutation.data?.action === action ? 'contained' : 'outlined'}
            disabled={mutation.isPending || !!offReason}
            onClick={() => mutation.mutate(action)}
            startIcon={pendingAction === action ? <CircularProgress size={14} aria-hidden /> : undefined}
          >
            {TUTOR_LABELS[action]}
          </Button>
        ))}
      </Stack>
      {offReason && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {offReason}
        </Typography>
      )}
      {mutation.isPending && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} role="status">
          Thinking…
        </Typography>
      )}
      {mutation.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(mutation.error, TUTOR_ERROR)}
        </Alert>
      )}
      {mutation.isSuccess && (
        <Box sx={{ mt: 2 }} data-testid="tutor-answer">
          <Typography variant="subtitle2" color="text.secondary">
            {TUTOR_LABELS[mutation.data.action]}
          </Typography>
          <HtmlContent html={mutation.data.html} testId="tutor-html" />
          {mutation.data.sources.length > 0 && (
            <Box component="nav" aria-label="Tutor sources" sx={{ mt: 1.5 }}>
              <Typography variant="subtitle2">Sources</Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {mutation.data.sources.map((s, i) => (
                  <li key={`${s.url}-${i}`}>
                    {s.url ? (
                      <Link href={s.url} target="_blank" rel="noopener noreferrer">
                        {s.title || s.url}
                      </Link>
                    ) : (
                      s.title
                    )}
                  </li>
                ))}
              </Box>
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}
