/** Mastery labels and colours (spec §4): none or 0 'Not started', < 0.3 Beginner, < 0.7 Intermediate, else Advanced. */

export type MasteryLevel = 'not-started' | 'beginner' | 'intermediate' | 'advanced';

export const MASTERY_LABELS: Record<MasteryLevel, string> = {
  'not-started': 'Not started',
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

/** MUI palette colour per level ('default' is grey). */
export const MASTERY_COLORS: Record<MasteryLevel, 'default' | 'error' | 'warning' | 'success'> = {
  'not-started': 'default',
  beginner: 'error',
  intermediate: 'warning',
  advanced: 'success',
};

/** "Mastered" on the graph stats: strictly above 0.7. */
export const MASTERED_THRESHOLD = 0.7;

export function masteryLevel(level: number | null | undefined): MasteryLevel {
  if (level === null || level === undefined || !Number.isFinite(level) || level <= 0) return 'not-started';
  if (level < 0.3) return 'beginner';
  if (level < 0.7) return 'intermediate';
  return 'advanced';
}

export function masteryLabel(level: number | null | undefined): string {
  return MASTERY_LABELS[masteryLevel(level)];
}

export function isMastered(level: number | null | undefined): boolean {
  return typeof level === 'number' && level > MASTERED_THRESHOLD;
}

/** 0..1 as a whole percent, clamped. */
export function levelPercent(level: number | null | undefined): number {
  if (typeof level !== 'number' || !Number.isFinite(level)) return 0;
  return Math.max(0, Math.min(100, Math.round(level * 100)));
}
