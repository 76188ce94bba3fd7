import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useSubjectOptions, type SubjectOption } from './hooks/useSubjects';
import { useSubjectParam } from './hooks/useSubjectParam';

/** Sets or clears ?subject= on the current page. */
export function SubjectSelector({ fullWidth = false }: { fullWidth?: boolean }) {
  const { options, loading } = useSubjectOptions();
  const [subject, setSubject] = useSubjectParam();

  // A subject in the address that is not in the list (yet) is still shown as chosen.
  const allOptions = useMemo<SubjectOption[]>(() => {
    if (!subject || options.some((o) => o.id === subject)) return options;
    return [...options, { id: subject, name: subject }];
  }, [options, subject]);
  const value = subject ? (allOptions.find((o) => o.id === subject) ?? null) : null;

  return (
    <Autocomplete<SubjectOption>
      size="small"
      options={allOptions}
      value={value}
      loading={loading}
      onChange={(_event, option) => setSubject(option?.id ?? null)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, v) => option.id === v.id}
      noOptionsText={loading ? 'Loading…' : 'No subjects available'}
      sx={{ width: fullWidth ? '100%' : 240 }}
      // The bare input, not TextField: TextField also brings Select, Menu and Popover (about 10 kB gzipped)
      // into every page's first download, for a label this field does not show.
      renderInput={(params) => (
        <OutlinedInput
          ref={params.InputProps.ref}
          className={params.InputProps.className}
          startAdornment={params.InputProps.startAdornment}
          endAdornment={params.InputProps.endAdornment}
          disabled={params.disabled}
          fullWidth={params.fullWidth}
          size="small"
          placeholder="Choose subject"
          inputProps={{ ...params.inputProps, 'aria-label': 'Choose subject' }}
        />
      )}
    />
  );
}
