import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The learner's tags and, for owners, the modules their assessments unlocked (by title). */
export function TagsAndUnlocks({
  tags,
  unlocks,
  moduleTitles,
}: {
  tags: string[];
  unlocks: string[];
  moduleTitles: Map<string, string>;
}) {
  if (tags.length === 0 && unlocks.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      {tags.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          aria-label="Your tags"
          role="group"
        >
          <Typography variant="body2" color="text.secondary">
            Your tags:
          </Typography>
          {tags.map((t) => (
            <Chip key={t} label={t} size="small" />
          ))}
        </Stack>
      )}
      {unlocks.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          aria-label="Unlocked modules"
          role="group"
        >
          <Typography variant="body2" color="text.secondary">
            Unlocked modules:
          </Typography>
          {unlocks.map((m) => (
            <Chip key={m} label={moduleTitles.get(m) ?? m} size="small" color="success" variant="outlined" />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
