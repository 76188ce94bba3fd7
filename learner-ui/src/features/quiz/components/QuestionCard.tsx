import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { QuizQuestion } from '../../../api';
import { QuizHtml } from './QuizHtml';

/** A question's stem and its choices as radios, each choice a separate, spaced, bordered target. */
export function QuestionCard({
  index,
  question,
  value,
  disabled,
  onChange,
}: {
  index: number;
  question: QuizQuestion;
  value: string;
  disabled: boolean;
  onChange: (choiceId: string) => void;
}) {
  const stemId = `q-${index}-stem`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={stemId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="div" sx={{ fontWeight: 600, mb: 2 }}>
        <QuizHtml html={question.stemHtml} id={stemId} />
      </Typography>
      <RadioGroup
        aria-labelledby={stemId}
        name={`question-${question.id}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        sx={{ gap: 1.25 }}
      >
        {question.choices.map((c) => (
          <FormControlLabel
            key={c.id}
            value={c.id}
            disabled={disabled}
            control={<Radio />}
            label={<QuizHtml html={c.textHtml} />}
            sx={{
              m: 0,
              pr: 1.5,
              py: 0.5,
              alignItems: 'flex-start',
              border: 1,
              borderColor: value === c.id ? 'primary.main' : 'divider',
              borderRadius: 1.5,
              '& .MuiRadio-root': { mt: -0.25 },
              '& .MuiFormControlLabel-label': { pt: 1 },
            }}
          />
        ))}
      </RadioGroup>
    </Paper>
  );
}
