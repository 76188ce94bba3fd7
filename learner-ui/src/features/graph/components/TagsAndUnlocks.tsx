import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import type { MyAchievement } from '../../../api';

/**
 * The learner's tags as achievement chips with readable labels ("Anatomy & Foundations mastered"): this
 * course's and the ones staff chose to show, never a raw id. For owners, the modules opened for them (by
 * title). Each half is hidden when empty (the spec).
 */
export function TagsAndUnlocks({
  achievements,
  subjectId,
  unlocks,
  moduleTitles,
}: {
  achievements: MyAchievement[];
  subjectId: string;
  unlocks: string[];
  moduleTitles: Map<string, string>;
}) {
  // another course's achievements belong on that course's graph
  const tags = achievements.filter((a) => a.subjectId === null || a.subjectId === subjectId);
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
          {tags.map((t) =>
            t.kind === 'staff' ? (
              <Chip key={t.tag} label={t.label} size="small" />
            ) : (
              <Chip
                key={t.tag}
                label={t.label}
                size="small"
                color="success"
                icon={<EmojiEventsOutlinedIcon aria-hidden />}
              />
            ),
          )}
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
