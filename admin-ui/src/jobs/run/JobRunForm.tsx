import { type ReactNode, useState } from 'react';
import { Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import type { Schema } from '@lp/api-types';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';

import type { StudioDataProvider } from '../../providers/dataProvider';
import { useSubjectOptions } from '../../versions/SubjectSelect';
import type { RunView } from './useJobRun';

/** `GET /api/tts/subjects`, cached once for both run screens (a speech run changes its counts). */
export const TTS_SUBJECTS_KEY = ['tts', 'subjects'];

const subjectLabel = (s: Schema<'TtsSubjectResponse'>) =>
  `${s.id} (${s.sections} sections, ${s.withAudio} with audio${s.stale ? `, ${s.stale} stale` : ''})`;

/** The subject choices: the TTS subjects with their audio counts, else the Studio's courses. */
const useRunSubjectOptions = () => {
  const dataProvider = useDataProvider<StudioDataProvider>();
  const ttsSubjects = useQuery({
    queryKey: TTS_SUBJECTS_KEY,
    queryFn: () => dataProvider.ttsSubjects(),
    retry: false,
  });
  const courses = useSubjectOptions();
  if (ttsSubjects.data && ttsSubjects.data.length > 0) {
    return ttsSubjects.data.map((s) => ({ id: s.id, label: subjectLabel(s) }));
  }
  return courses.map((c) => ({ id: c.id, label: c.title === c.id ? c.id : `${c.title} (${c.id})` }));
};

/**
 * A run screen's form: the subject, the screen's own fields (`children`), the start button and Cancel.
 * Starting without a subject says `subjectRequired` and starts nothing. Every field is disabled while
 * the run goes.
 */
export const JobRunForm = ({
  run,
  ariaLabel,
  subjectRequired,
  startLabel,
  onStart,
  children,
}: {
  run: RunView & { cancel(): Promise<void> };
  ariaLabel?: string;
  subjectRequired: string;
  startLabel: string;
  onStart(subject: string): void;
  children?: ReactNode;
}) => {
  const options = useRunSubjectOptions();
  const [subject, setSubject] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ maxWidth: 560 }}
      noValidate
      aria-label={ariaLabel}
      onSubmit={(event) => {
        event.preventDefault();
        if (subject) onStart(subject);
        else setMissing(true);
      }}
    >
      <TextField
        select
        size="small"
        label="Subject"
        required
        value={subject}
        onChange={(event) => {
          setSubject(event.target.value);
          setMissing(false);
        }}
        disabled={run.running}
        error={missing}
        helperText={missing ? subjectRequired : ' '}
        // A long subject label is cut short instead of widening the page on a phone.
        sx={{ '& .MuiSelect-select': { width: 0, flexGrow: 1 } }}
      >
        {options.length === 0 && (
          <MenuItem value="" disabled>
            Loading subjects…
          </MenuItem>
        )}
        {options.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      {children}
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={run.running}>
          {startLabel}
        </Button>
        <Button
          variant="outlined"
          color="warning"
          onClick={() => void run.cancel()}
          disabled={!run.running || run.cancelling}
        >
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
};

/** A yes/no option of a run, fixed while the run goes. */
export const RunOption = ({
  run,
  label,
  checked,
  onChange,
}: {
  run: RunView;
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) => (
  <FormControlLabel
    control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} disabled={run.running} />}
    label={label}
  />
);
