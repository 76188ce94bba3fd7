import { useEffect, useRef } from 'react';
import Typography from '@mui/material/Typography';
import { formatCountdown, formatLocalDateTime } from '../format';
import { useNow } from './useNow';

/** While the unlock time has passed but the server still says locked (clocks differ), ask again this often. */
const RECHECK_MS = 10_000;

/**
 * "Day 3 opens Wed, Dec 2, 2026, 12:00 AM EST" and a live countdown. The countdown is a `timer`
 * (not a live region), so a screen reader reads it when asked instead of every second.
 * `onReached` runs when the time comes, to read the unlocked day from the server.
 */
export function UnlockCountdown({
  day,
  unlockAt,
  onReached,
}: {
  day: number;
  unlockAt: string;
  onReached: () => void;
}) {
  const target = Date.parse(unlockAt);
  const now = useNow(1000, Number.isFinite(target));
  const remaining = target - now;
  const lastCheck = useRef<{ at: string; when: number } | null>(null);
  const onReachedRef = useRef(onReached);
  useEffect(() => {
    onReachedRef.current = onReached;
  });

  useEffect(() => {
    if (!Number.isFinite(target) || remaining > 0) return;
    const last = lastCheck.current;
    if (last && last.at === unlockAt && now - last.when < RECHECK_MS) return;
    lastCheck.current = { at: unlockAt, when: now };
    onReachedRef.current();
  }, [now, remaining, target, unlockAt]);

  return (
    <>
      <Typography>
        Day {day} opens {formatLocalDateTime(unlockAt)}.
      </Typography>
      <Typography sx={{ mt: 0.5 }}>
        {remaining > 0 ? 'Opens in ' : 'Opening now… '}
        <Typography component="span" role="timer" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {formatCountdown(remaining)}
        </Typography>
      </Typography>
    </>
  );
}
