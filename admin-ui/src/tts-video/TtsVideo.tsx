import { useState } from 'react';
import { Box, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { Title } from 'react-admin';

import { VIDEO_RUN, type VideoRequest } from '../jobs/run/jobRunApi';
import { JobRunForm } from '../jobs/run/JobRunForm';
import { JobRunPanel, type RunPanelText } from '../jobs/run/JobRunPanel';
import { useJobRun } from '../jobs/run/useJobRun';
import { DEFAULT_HEIGHT, DEFAULT_WIDTH, HEIGHT_RANGE, parseDimension, WIDTH_RANGE } from './videoSize';

export const SUBJECT_REQUIRED = 'Rendering needs a subject';

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
  const [subject, setSubject] = useState('');
  const [subjectError, setSubjectError] = useState(false);
  const [burnCaptions, setBurnCaptions] = useState(false);
  const [width, setWidth] = useState(String(DEFAULT_WIDTH));
  const [height, setHeight] = useState(String(DEFAULT_HEIGHT));

  const widthValue = parseDimension(width, DEFAULT_WIDTH, WIDTH_RANGE);
  const heightValue = parseDimension(height, DEFAULT_HEIGHT, HEIGHT_RANGE);

  const start = () => {
    if (!subject) setSubjectError(true);
    if (!subject || 'error' in widthValue || 'error' in heightValue) return;
    void run.start({ subject, width: widthValue.value, height: heightValue.value, burnCaptions });
  };

  return (
    <Box sx={{ mt: 2, mb: 4, maxWidth: 960 }}>
      <Title title="TTS Video" />
      <Typography variant="h4" component="h1" gutterBottom>
        TTS Video
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Renders a video for every lecture section of a subject that has current audio: a title card over the audio, with
        captions burned in or as a separate track. Sections whose video is up to date are skipped.
      </Typography>

      <JobRunForm
        run={run}
        ariaLabel="Render settings"
        subject={subject}
        onSubjectChange={(value) => {
          setSubject(value);
          setSubjectError(false);
        }}
        subjectError={subjectError ? SUBJECT_REQUIRED : null}
        startLabel="Render Videos"
        onStart={start}
      >
        <FormControlLabel
          control={
            <Checkbox
              checked={burnCaptions}
              onChange={(event) => setBurnCaptions(event.target.checked)}
              disabled={run.running}
            />
          }
          label="Burn captions"
        />
        <Stack direction="row" spacing={2}>
          <TextField
            size="small"
            type="number"
            label="Width"
            value={width}
            onChange={(event) => setWidth(event.target.value)}
            disabled={run.running}
            placeholder={String(DEFAULT_WIDTH)}
            error={'error' in widthValue}
            helperText={'error' in widthValue ? widthValue.error : `Empty: ${DEFAULT_WIDTH}`}
            slotProps={{ htmlInput: { min: WIDTH_RANGE.min, max: WIDTH_RANGE.max, step: 2 } }}
            sx={{ flex: 1, width: 0 }}
          />
          <TextField
            size="small"
            type="number"
            label="Height"
            value={height}
            onChange={(event) => setHeight(event.target.value)}
            disabled={run.running}
            placeholder={String(DEFAULT_HEIGHT)}
            error={'error' in heightValue}
            helperText={'error' in heightValue ? heightValue.error : `Empty: ${DEFAULT_HEIGHT}`}
            slotProps={{ htmlInput: { min: HEIGHT_RANGE.min, max: HEIGHT_RANGE.max, step: 2 } }}
            sx={{ flex: 1, width: 0 }}
          />
        </Stack>
      </JobRunForm>

      <JobRunPanel run={run} text={TEXT} />
    </Box>
  );
};
