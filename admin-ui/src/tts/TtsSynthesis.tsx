import { useState } from 'react';
import { Box, Checkbox, FormControlLabel, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Title } from 'react-admin';

import { runSpeech, SPEECH_RUN, type SpeechRequest } from '../jobs/run/jobRunApi';
import { JobRunForm, TTS_SUBJECTS_KEY } from '../jobs/run/JobRunForm';
import { JobRunPanel, type RunPanelText } from '../jobs/run/JobRunPanel';
import { useJobRun } from '../jobs/run/useJobRun';

export const SUBJECT_REQUIRED = 'Synthesis needs a subject';

const TEXT: RunPanelText = {
  progressLabel: 'Synthesis progress',
  countersTestId: 'tts-counters',
  counters: ({ counters: c }) =>
    `${c.attempted} attempted, ${c.succeeded} succeeded, ${c.failed} failed, ${c.skipped} skipped of ${c.total ?? '?'}`,
  tableLabel: 'Synthesized sections',
  mediaColumn: 'Audio',
  empty: 'No sections were synthesized.',
};

/**
 * TTS Synthesis: turns every lecture section of a subject into audio in one run and shows it
 * happen, from the NDJSON stream of the run's events (falling back to the non-streamed call).
 */
export const TtsSynthesis = () => {
  const queryClient = useQueryClient();
  const run = useJobRun<SpeechRequest>({
    kind: SPEECH_RUN,
    fallback: runSpeech,
    // the subject list's audio counts have changed
    onFinished: () => void queryClient.invalidateQueries({ queryKey: TTS_SUBJECTS_KEY }),
  });
  const [subject, setSubject] = useState('');
  const [voiceId, setVoiceId] = useState('');
  const [includeAll, setIncludeAll] = useState(false);
  const [subjectError, setSubjectError] = useState(false);

  const start = () => {
    if (!subject) {
      setSubjectError(true);
      return;
    }
    void run.start({ subject, voiceId: voiceId.trim() || undefined, includeAll });
  };

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 960 }}>
      <Title title="TTS Synthesis" />
      <Typography variant="h4" component="h1" gutterBottom>
        TTS Synthesis
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Turns every lecture section of a subject into audio with captions. Sections whose audio is current are skipped
        unless you re-synthesize all.
      </Typography>

      <JobRunForm
        run={run}
        subject={subject}
        onSubjectChange={(value) => {
          setSubject(value);
          setSubjectError(false);
        }}
        subjectError={subjectError ? SUBJECT_REQUIRED : null}
        startLabel="Synthesize All Sections"
        onStart={start}
      >
        <TextField
          size="small"
          label="Voice ID (optional)"
          value={voiceId}
          onChange={(event) => setVoiceId(event.target.value)}
          disabled={run.running}
          helperText="Leave empty for the engine's default voice"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={includeAll}
              onChange={(event) => setIncludeAll(event.target.checked)}
              disabled={run.running}
            />
          }
          label="Re-synthesize all sections"
        />
      </JobRunForm>

      <JobRunPanel run={run} text={TEXT} />
    </Box>
  );
};
