import Chip from '@mui/material/Chip';

/** 'Passed' (filled, green) or 'Not passed' (outlined, red): the verdict of a quiz or a bot assessment. */
export function PassChip({ passed }: { passed: boolean }) {
  return (
    <Chip
      size="small"
      color={passed ? 'success' : 'error'}
      variant={passed ? 'filled' : 'outlined'}
      label={passed ? 'Passed' : 'Not passed'}
    />
  );
}
