import { useState } from 'react';
import { TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';

import { JobRunForm, RunOption, TTS_SUBJECTS_KEY } from '../jobs/run/JobRunForm';
import { JobRunScreen, type RunPanelText } from '../jobs/run/JobRunPanel';
import type { SpeechRequest } from '../jobs/run/runMethods';
import { type RunKind, useJobRun } from '../jobs/run/useJobRun';

export const SUBJECT_REQUIRED = 'Synthesis needs a subject';

/** Every lecture section of a subject into audio, streamed; on any failure of the stream, the same run at once. */
const SPEECH_RUN: RunKind<SpeechRequest> = {
  idPrefix: 'tts',
  stream: (dataProvider, request, follow) => dataProvider.streamSynthesis(request, follow),
  cancel: (dataProvider, jobId) => dataProvider.cancelSynthesis(jobId),
  fallback: (dataProvider, request) => dataProvider.synthesize(request),
};

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
    // the subject list's audio counts have changed
    onFinished: () => void queryClient.invalidateQueries({ queryKey: TTS_SUBJECTS_KEY }),
  });
  const [voiceId, setVoiceId] = useState('');
  const [includeAll, setIncludeAll] = useState(false);

  return (
    <JobRunScreen
      title="TTS Synthesis"
      description="Turns every lecture section of a subject into audio with captions. Sections whose audio is current are skipped unless you re-synthesize all."
      run={run}
      text={TEXT}
    >
      <JobRunForm
        run={run}
        subjectRequired={SUBJECT_REQUIRED}
        startLabel="Synthesize All Sections"
        onStart={(subject) => void run.start({ subject, voiceId: voiceId.trim() || undefined, includeAll })}
      >
        <TextField
          size="small"
          label="Voice ID (optional)"
          value={voiceId}
          onChange={(event) => setVoiceId(event.target.value)}
          disabled={run.running}
          helperText="Leave empty for the engine's default voice"
        />
        <RunOption run={run} label="Re-synthesize all sections" checked={includeAll} onChange={setIncludeAll} />
      </JobRunForm>
    </JobRunScreen>
  );
};
