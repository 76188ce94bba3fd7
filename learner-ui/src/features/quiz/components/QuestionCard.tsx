import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { QuizQuestion } from '../../../api';
import { QuizHtml } from './QuizHtml';

export function QuestionCard({
  index,
  total,
  question,
  value,
  disabled,
  onChange,
}: {
  index: number;
  total: number;
  question: QuizQuestion;
  value: string;
  disabled: boolean;
  onChange: (choiceId: string) => void;
}) {
  const stemId = `q-${index}-stem`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={stemId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="overline" color="text.secondary">
        Question {index + 1} of {total}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 600, mb: 1.5 }}>
        <QuizHtml html={question.stemHtml ?? ''} id={stemId} />
      </Typography>
      <RadioGroup
        aria-labelledby={stemId}
        name={`question-${question.id}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {(question.choices ?? []).map((c) => (
          <FormControlLabel
            key={c.id}
            value={c.id}
            disabled={disabled}
            control={<Radio />}
            label={<QuizHtml html={c.textHtml ?? ''} />}
          />
        ))}
      </RadioGroup>
    </Paper>
  );
}
