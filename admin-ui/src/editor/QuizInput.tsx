import { useId } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormHelperText,
  FormLabel,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';

import type { QuizChoice, QuizItem } from './authoring';

export const MIN_CHOICES = 2;
export const MAX_CHOICES = 8;
/** Check items a topic needs for learners' topic check and practice (the content packs' rule). */
export const MIN_CHECK_ITEMS = 2;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The first letter no choice of the item uses (a, b, …): a new choice's id. */
export const nextChoiceId = (choices: QuizChoice[]) =>
  [...LETTERS].find((letter) => !choices.some((c) => c.id === letter)) ?? `c${choices.length + 1}`;

const newItem = (): QuizItem => ({
  stem: '',
  choices: [
    { id: 'a', text: '' },
    { id: 'b', text: '' },
  ],
  correct: 'a',
  explanation: '',
  difficulty: 2,
  // never revealed unless staff choose so
  use: 'assessment',
});

/** A plain text field of the form, with the server's refusal (set on its path) as its helper text. */
const PlainField = ({
  name,
  label,
  multiline,
  required,
}: {
  name: string;
  label: string;
  multiline?: boolean;
  required?: boolean;
}) => {
  const { field, fieldState } = useController({ name });
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      label={label}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      required={required}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
    />
  );
};

const ChoiceList = ({ itemIndex, number }: { itemIndex: number; number: number }) => {
  const base = `quiz.${itemIndex}`;
  const { fields, append, remove } = useFieldArray({ name: `${base}.choices`, keyName: 'key' });
  const choices = (useWatch({ name: `${base}.choices` }) as QuizChoice[] | undefined) ?? [];
  const { field: correct, fieldState: correctState } = useController({ name: `${base}.correct` });
  const { getFieldState, formState } = useFormContext();
  const choicesError = getFieldState(`${base}.choices`, formState).error;
  const legendId = useId();

  const removeChoice = (index: number) => {
    const removed = choices[index];
    remove(index);
    // the correct choice cannot point at a choice that is gone
    if (removed && correct.value === removed.id) {
      correct.onChange(choices.find((_, i) => i !== index)?.id ?? '');
    }
  };

  return (
    <FormControl component="fieldset" error={!!correctState.error || !!choicesError} fullWidth>
      <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
        Choices of question {number} (select the correct one)
      </FormLabel>
      <RadioGroup
        aria-labelledby={legendId}
        value={correct.value ?? ''}
        onChange={(event) => correct.onChange(event.target.value)}
      >
        <Stack spacing={1}>
          {fields.map((choiceField, index) => {
            const id = choices[index]?.id ?? '';
            return (
              <Stack key={choiceField.key} direction="row" spacing={1} alignItems="flex-start">
                <Radio
                  value={id}
                  slotProps={{ input: { 'aria-label': `Choice ${id} of question ${number} is correct` } }}
                  sx={{ mt: 1 }}
                />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <PlainField name={`${base}.choices.${index}.text`} label={`Choice ${id}`} required />
                </Box>
                <Tooltip title={`Remove choice ${id}`}>
                  <span>
                    <IconButton
                      aria-label={`Remove choice ${id} of question ${number}`}
                      onClick={() => removeChoice(index)}
                      disabled={fields.length <= MIN_CHOICES}
                      sx={{ mt: 1 }}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
            );
          })}
        </Stack>
      </RadioGroup>
      {(correctState.error || choicesError) && (
        <FormHelperText>{correctState.error?.message ?? choicesError?.message}</FormHelperText>
      )}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => append({ id: nextChoiceId(choices), text: '' })}
          disabled={fields.length >= MAX_CHOICES}
          sx={{ mt: 1 }}
        >
          Add a choice
        </Button>
      </Box>
    </FormControl>
  );
};

const DifficultyField = ({ name, number }: { name: string; number: number }) => {
  const { field, fieldState } = useController({ name });
  return (
    <TextField
      select
      label={`Difficulty of question ${number}`}
      value={String(field.value ?? 2)}
      onChange={(event) => field.onChange(Number(event.target.value))}
      onBlur={field.onBlur}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="1">1 · easy</MenuItem>
      <MenuItem value="2">2 · medium</MenuItem>
      <MenuItem value="3">3 · hard</MenuItem>
    </TextField>
  );
};

/**
 * Whether learners may see the item's answer: a check item is served by the topic check and practice and its
 * answer and explanation are shown after answering; an assessment item only by the diagnostic and post test.
 */
const UseField = ({ name, number }: { name: string; number: number }) => {
  const { field, fieldState } = useController({ name });
  return (
    <TextField
      select
      label={`Use of question ${number}`}
      value={field.value === 'check' ? 'check' : 'assessment'}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="check">Check (answer shown after answering)</MenuItem>
      <MenuItem value="assessment">Assessment (never shown)</MenuItem>
    </TextField>
  );
};

/** The topic's quiz: stems, choices (add, remove), the correct choice, explanation, difficulty and use per item. */
export const QuizInput = () => {
  const { fields, append, remove } = useFieldArray({ name: 'quiz', keyName: 'key' });
  const items = (useWatch({ name: 'quiz' }) as QuizItem[] | undefined) ?? [];
  const checks = items.filter((item) => item.use === 'check').length;
  return (
    <Stack spacing={2}>
      {checks < MIN_CHECK_ITEMS && (
        <Alert severity="warning" data-testid="check-items-warning">
          {checks === 1 ? 'This topic has 1 check item' : `This topic has ${checks} check items`}: learners' topic check
          and practice need at least {MIN_CHECK_ITEMS}. Set "Use" to Check on questions whose answers may be shown.
        </Alert>
      )}
      {fields.length === 0 && <Typography color="text.secondary">This topic has no quiz questions yet.</Typography>}
      {fields.map((itemField, index) => {
        const number = index + 1;
        const id = items[index]?.id;
        return (
          <Card key={itemField.key} variant="outlined" component="section" aria-label={`Question ${number}`}>
            <CardContent>
              <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 2 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  Question {number}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {id ?? 'new'}
                </Typography>
                <Box sx={{ flexGrow: 1 }} />
                <Button
                  color="error"
                  size="small"
                  startIcon={<DeleteOutlineIcon />}
                  onClick={() => remove(index)}
                  aria-label={`Remove question ${number}`}
                >
                  Remove
                </Button>
              </Stack>
              <Stack spacing={2}>
                <PlainField name={`quiz.${index}.stem`} label={`Question ${number}`} multiline required />
                <ChoiceList itemIndex={index} number={number} />
                <PlainField name={`quiz.${index}.explanation`} label={`Explanation of question ${number}`} multiline />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <DifficultyField name={`quiz.${index}.difficulty`} number={number} />
                  <UseField name={`quiz.${index}.use`} number={number} />
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        );
      })}
      <Box>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => append(newItem())}>
          Add a question
        </Button>
      </Box>
    </Stack>
  );
};
