import { MenuItem, TextField } from '@mui/material';

import { courseName, useCourses } from '../courses/course';

export interface SubjectOption {
  id: string;
  title: string;
}

/**
 * The subjects known to the Studio (the `courses` resource). Until they arrive, or if they
 * cannot be loaded, the list holds only the subjects passed in `always`.
 */
export const useSubjectOptions = (always: string[] = []): SubjectOption[] => {
  const load = useCourses();
  const options = load.state === 'loaded' ? load.courses.map((c) => ({ id: c.subjectId, title: courseName(c) })) : [];
  const missing = always.filter((id) => id && !options.some((o) => o.id === id)).map((id) => ({ id, title: id }));
  return [...missing, ...options];
};

/** A labelled subject selector fed by useSubjectOptions. */
export const SubjectSelect = ({
  value,
  onChange,
  label = 'Subject',
  disabled,
}: {
  value: string;
  onChange: (subjectId: string) => void;
  label?: string;
  disabled?: boolean;
}) => {
  const options = useSubjectOptions([value]);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      // a long course title is cut with an ellipsis rather than widening the page on a phone
      sx={{ minWidth: 260, maxWidth: '100%' }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.title === option.id ? option.id : `${option.title} (${option.id})`}
        </MenuItem>
      ))}
    </TextField>
  );
};
