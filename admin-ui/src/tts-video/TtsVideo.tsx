import { useState } from 'react';
import { Stack, TextField } from '@mui/material';

import { JobRunForm, RunOption } from '../jobs/run/JobRunForm';
import { JobRunScreen, type RunPanelText } from '../jobs/run/JobRunPanel';
import type { VideoRequest } from '../jobs/run/runMethods';
import { type RunKind, useJobRun } from '../jobs/run/useJobRun';
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, HEIGHT_RANGE, parseDimension, WIDTH_RANGE } from './videoSize';

export const SUBJECT_REQUIRED = 'Rendering needs a subject';

/** Every section with current audio into an mp4, streamed; a failure is a row of the result list. */
const VIDEO_RUN: RunKind<VideoRequest> = {
  idPrefix: 'video',
  stream: (dataProvider, request, follow) => dataProvider.streamVideoRender(request, follow),
  cancel: (dataProvider, jobId) => dataProvider.cancelVideoRender(jobId),
};

const TEXT: RunPanelText = {
  progressLabel: 'Render progress',
  countersTestId: 'video-counters',
  counters: ({ done, counters: c }) =>
    `${done} of ${c.total ?? '?'} sections: ${c.succeeded} rendered, ${c.failed} failed, ${c.skipped} skipped`,
  tableLabel: 'Rendered sections',
  mediaColumn: 'Video',
  empty: 'No sections were rendered.',
  waiting: 'Waiting for the first section…',
  markSkipped: true,
  currentTestId: 'video-current',
};

/**
 * TTS Video: renders every lecture section of a subject that has current audio into an mp4
 * (a title card over the audio, captions burned in or as a sidecar) and follows the run from
 * its NDJSON stream of events. A failure is a row of the result list (the spec has no fallback here).
 */
export const TtsVideo = () => {
  const run = useJobRun<VideoRequest>({ kind: VIDEO_RUN });
  const [burnCaptions, setBurnCaptions] = useState(false);
  const width = useDimension(DEFAULT_WIDTH, WIDTH_RANGE);
  const height = useDimension(DEFAULT_HEIGHT, HEIGHT_RANGE);

  const start = (subject: string) => {
    if ('error' in width.parsed || 'error' in height.parsed) return;
    void run.start({ subject, width: width.parsed.value, height: height.parsed.value, burnCaptions });
  };

  return (
    <JobRunScreen
      title="TTS Video"
      description="Renders a video for every lecture section of a subject that has current audio: a title card over the audio, with captions burned in or as a separate track. Sections whose video is up to date are skipped."
      run={run}
      text={TEXT}
    >
      <JobRunForm
        run={run}
        ariaLabel="Render settings"
        subjectRequired={SUBJECT_REQUIRED}
        startLabel="Render Videos"
        onStart={start}
      >
        <RunOption run={run} label="Burn captions" checked={burnCaptions} onChange={setBurnCaptions} />
        <Stack direction="row" spacing={2}>
          <SizeField label="Width" field={width} disabled={run.running} />
          <SizeField label="Height" field={height} disabled={run.running} />
        </Stack>
      </JobRunForm>
    </JobRunScreen>
  );
};

/** A resolution field's text and what it means: an even number of pixels in range, or empty for the default. */
const useDimension = (fallback: number, range: { min: number; max: number }) => {
  const [text, setText] = useState(String(fallback));
  return { text, setText, fallback, range, parsed: parseDimension(text, fallback, range) };
};

const SizeField = ({
  label,
  field: { text, setText, fallback, range, parsed },
  disabled,
}: {
  label: string;
  field: ReturnType<typeof useDimension>;
  disabled: boolean;
}) => (
  <TextField
    size="small"
    type="number"
    label={label}
    value={text}
    onChange={(event) => setText(event.target.value)}
    disabled={disabled}
    placeholder={String(fallback)}
    error={'error' in parsed}
    helperText={'error' in parsed ? parsed.error : `Empty: ${fallback}`}
    slotProps={{ htmlInput: { min: range.min, max: range.max, step: 2 } }}
    sx={{ flex: 1, width: 0 }}
  />
);
