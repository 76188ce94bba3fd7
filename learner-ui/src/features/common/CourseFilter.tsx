import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';

/** The "All courses" choice of a CourseFilter. */
export const ALL_COURSES = null;

/**
 * "All courses" plus one chip per course, for a page that shows every course's items together
 * (notes, bookmarks): a filter of this page only; the header's course choice is ?subject.
 */
export function CourseFilter({
  courses,
  value,
  onChange,
}: {
  courses: { id: string; name: string }[];
  value: string | null;
  onChange: (subjectId: string | null) => void;
}) {
  if (courses.length < 2) return null;
  const chip = (id: string | null, label: string) => {
    const selected = value === id;
    return (
      <Chip
        key={id ?? 'all'}
        label={label}
        clickable
        color={selected ? 'primary' : 'default'}
        variant={selected ? 'filled' : 'outlined'}
        aria-pressed={selected}
        onClick={() => onChange(id)}
      />
    );
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mb: 3 }}
      role="group"
      aria-label="Filter by course"
    >
      {chip(ALL_COURSES, 'All courses')}
      {courses.map((c) => chip(c.id, c.name))}
    </Stack>
  );
}
