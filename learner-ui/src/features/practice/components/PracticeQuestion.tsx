import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRACTICE_RATINGS, type PracticeCard, type PracticeRating } from '../../../api';

/** The card's question and options; the rating buttons once an option is picked (or there are none). */
export function PracticeQuestion({
  card,
  choice,
  reviewing,
  onChoose,
  onRate,
}: {
  card: PracticeCard;
  choice: string | null;
  reviewing: boolean;
  onChoose: (optionId: string) => void;
  onRate: (rating: PracticeRating) => void;
}) {
  const { options } = card;
  const showRating = choice !== null || options.length === 0;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="practice-topic" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography variant="overline" color="text.secondary">
        Topic
      </Typography>
      <Typography id="practice-topic" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {card.title}
      </Typography>
      <Typography id="practice-question" sx={{ fontWeight: 600, mb: 2 }}>
        {card.question}
      </Typography>
      <Stack spacing={1} role="group" aria-labelledby="practice-question">
        {options.map((o) => {
          const selected = choice === o.id;
          return (
            <Button
              key={o.id}
              variant={selected ? 'contained' : 'outlined'}
              aria-pressed={selected}
              disabled={choice !== null && !selected}
              onClick={() => onChoose(o.id)}
              sx={{ justifyContent: 'flex-start', textTransform: 'none', textAlign: 'left', py: 1.25 }}
            >
              {o.text}
            </Button>
          );
        })}
      </Stack>

      {showRating && (
        <Box sx={{ mt: 3 }} role="group" aria-labelledby="practice-rate">
          <Typography id="practice-rate" sx={{ fontWeight: 600, mb: 1 }}>
            How well did you know this?
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {PRACTICE_RATINGS.map(({ label, value }) => (
              <Button
                key={label}
                variant={value >= 3 ? 'contained' : 'outlined'}
                color={value === 0 ? 'error' : value === 1 ? 'warning' : value === 3 ? 'primary' : 'success'}
                disabled={reviewing}
                onClick={() => onRate(value)}
              >
                {label}
              </Button>
            ))}
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
