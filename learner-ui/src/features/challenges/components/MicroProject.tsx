import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  challengeApi,
  type BotAssessment,
  type ChallengeMicroProject,
  type DayProjectProgress,
  type ProjectPayload,
} from '../../../api/challenges';
import { fieldLabel, formatScore } from '../format';
import { projectStatusText } from './DayStatus';
import { submitErrorMessage } from './submitError';
import { PassChip } from './PassChip';
import Chip from '@mui/material/Chip';

/** The contract's cap per answer. */
export const MAX_FIELD_LENGTH = 4000;

function payloadOf(fields: string[], values: Record<string, string>): ProjectPayload {
  return Object.fromEntries(fields.map((f) => [f, (values[f] ?? '').trim()]));
}

/**
 * The micro project: one labelled text field per expected field, Submit project (stored and queued
 * for review), then Get bot assessment (passed, score, feedback). The bot assesses what the form
 * shows: the stored submission when the form is unchanged since it was submitted or not filled in
 * (after a reload), else the form's answers, which the server stores first.
 */
export function MicroProject({
  cid,
  day,
  project,
  stored,
  onChanged,
}: {
  cid: string;
  day: number;
  project: ChallengeMicroProject;
  stored: DayProjectProgress | null;
  onChanged: () => void;
}) {
  const fields = project.expected_fields;
  const [values, setValues] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState<string | null>(null);
  const assessmentRef = useRef<HTMLDivElement>(null);

  const payload = payloadOf(fields, values);
  const complete = fields.length > 0 && fields.every((f) => payload[f] !== '');

  const submitProject = useMutation({
    mutationFn: (body: ProjectPayload) => challengeApi.submitProject(cid, day, body),
    onSuccess: (_data, body) => {
      setSubmitted(JSON.stringify(body));
      onChanged();
    },
  });

  const assess = useMutation({
    mutationFn: (submission: ProjectPayload | undefined) => challengeApi.botAssess(cid, day, submission),
    onSuccess: (_data, submission) => {
      if (submission) setSubmitted(JSON.stringify(submission));
      onChanged();
    },
  });

  useEffect(() => {
    if (assess.isSuccess) assessmentRef.current?.focus();
  }, [assess.isSuccess, assess.data]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || submitProject.isPending) return;
    assess.reset();
    submitProject.mutate(payload);
  };

  const getAssessment = () => {
    const unchanged = submitted !== null && submitted === JSON.stringify(payload);
    assess.mutate(unchanged || !complete ? undefined : payload);
  };

  const canAssess = submitted !== null || stored !== null;
  const busy = submitProject.isPending || assess.isPending;

  return (
    <Box>
      <Typography sx={{ mb: 2 }}>{project.desc}</Typography>
      {stored && (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="project-stored-status">
          {projectStatusText(stored)}
          {stored.score !== null ? ` · score ${formatScore(stored.score)}` : ''}
          {stored.feedback ? ` · ${stored.feedback}` : ''}
        </Typography>
      )}
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Project answers">
        <Stack spacing={2}>
          {fields.map((field) => (
            <TextField
              key={field}
              name={field}
              label={fieldLabel(field)}
              value={values[field] ?? ''}
              onChange={(e) => {
                const value = e.target.value;
                setValues((current) => ({ ...current, [field]: value }));
              }}
              disabled={busy}
              multiline
              minRows={1}
              fullWidth
              slotProps={{ htmlInput: { maxLength: MAX_FIELD_LENGTH } }}
            />
          ))}
        </Stack>

        {submitProject.isError && (
          <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
            {submitErrorMessage(submitProject.error, 'Could not submit the project. Please try again.')}
          </Alert>
        )}
        {submitProject.isSuccess && !assess.isSuccess && (
          <Alert severity="success" sx={{ mt: 2 }}>
            Project submitted. It is waiting for a reviewer; you can also get a bot assessment now.
          </Alert>
        )}

        <Stack direction="row" sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!complete || busy}
            startIcon={submitProject.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {submitProject.isPending ? 'Submitting...' : 'Submit project'}
          </Button>
          {canAssess && (
            <Button
              variant="outlined"
              onClick={getAssessment}
              disabled={busy}
              startIcon={assess.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {assess.isPending ? 'Assessing...' : 'Get bot assessment'}
            </Button>
          )}
          {!complete && !canAssess && (
            <Typography variant="body2" color="text.secondary">
              Fill in every field to submit.
            </Typography>
          )}
          {canAssess && !complete && (
            <Typography variant="body2" color="text.secondary">
              The bot assesses your last submitted project.
            </Typography>
          )}
        </Stack>
      </Box>

      {assess.isError && (
        <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
          {submitErrorMessage(assess.error, 'Could not get a bot assessment. Please try again.')}
        </Alert>
      )}
      {assess.isSuccess && <AssessmentResult ref={assessmentRef} result={assess.data} />}
    </Box>
  );
}

function AssessmentResult({ result, ref }: { result: BotAssessment; ref: Ref<HTMLDivElement> }) {
  return (
    <Paper
      ref={ref}
      tabIndex={-1}
      variant="outlined"
      role="region"
      aria-label="Bot assessment"
      sx={{ p: 2, mt: 2, outlineOffset: 2 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 700 }}>
          Bot assessment
        </Typography>
        {result.awaitingReview ? (
          <Chip size="small" color="warning" variant="outlined" label="Awaiting review" />
        ) : (
          <PassChip passed={result.passed} />
        )}
        <Typography>Score: {formatScore(result.score)}</Typography>
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{result.feedback}</Typography>
      {!result.passed && !result.awaitingReview && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Your project stays in the review queue; a reviewer can still pass it. You can also improve your answers and
          submit again.
        </Typography>
      )}
    </Paper>
  );
}
