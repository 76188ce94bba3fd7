import type {
  ChallengeDayContent,
  ChallengeDetail,
  ChallengeListItem,
  ChallengeProgress,
  DayProgress,
} from '../../api/challenges';

/*
 * Answers of the challenge API as docs/challenges-api.md describes them, for the page tests.
 * Content follows content/challenges/vagus-breath-7.yaml (shortened).
 */

export const CID = 'vagus-breath-7';

export const LIST: { challenges: ChallengeListItem[] } = {
  challenges: [
    {
      id: 'vagus-reset-14',
      name: '14-Day Vagus Reset',
      tagline: 'Two weeks of small daily habits.',
      subjectId: 'vagus-nerve',
      daysCount: 14,
    },
    {
      id: CID,
      name: '7-Day Breath Reset',
      tagline: 'A week of short, structured breathing practices.',
      subjectId: 'vagus-nerve',
      daysCount: 7,
    },
  ],
};

const TITLES = [
  'Diaphragmatic Breathing',
  'The Extended Exhale',
  'Resonance Breathing',
  'Box Breathing',
  'The Physiological Sigh',
  'Humming',
  'Your Routine',
];

export const DETAIL: ChallengeDetail = {
  id: CID,
  name: '7-Day Breath Reset',
  tagline: 'A week of short, structured breathing practices.',
  subjectId: 'vagus-nerve',
  daysCount: 7,
  days: TITLES.map((title, i) => ({
    day: i + 1,
    title,
    tool: i === 2 ? 'Breathing pacer' : 'Hand-on-belly breathing',
    // The server fills in 15 when the content has none; day 3 says 20.
    est_minutes: i === 2 ? 20 : 15,
  })),
};

export const OPEN_DAY: ChallengeDayContent = {
  day: 1,
  title: 'Diaphragmatic Breathing',
  tool: 'Hand-on-belly breathing',
  est_minutes: 15,
  locked: false,
  unlock_at: '2026-03-01T05:00:00.000Z',
  lesson: {
    summary: 'The diaphragm is the main breathing muscle.',
    steps: ['Sit quietly for one minute and count your breaths.', 'Place one hand on your belly.'],
  },
  quiz: [
    {
      q: 'During diaphragmatic breathing, what should your hands show?',
      options: [
        'The chest hand moves much more',
        'Both hands stay still',
        'The belly hand rises more than the chest hand',
        'The belly pulls in sharply',
      ],
      correct_option: null,
    },
    {
      q: 'A typical resting breathing rate for an adult is roughly how many breaths per minute?',
      options: ['12 to 20', '2 to 4', '30 to 40'],
      correct_option: null,
    },
  ],
  micro_project: {
    desc: 'Count your natural breathing rate, then practise 5 minutes of diaphragmatic breathing.',
    expected_fields: ['baseline_breaths_per_minute', 'minutes_practised', 'how_you_felt'],
  },
};

export function lockedDay(day: number, unlock_at: string | null): ChallengeDayContent {
  return {
    day,
    title: TITLES[day - 1],
    tool: 'Hand-on-belly breathing',
    est_minutes: 15,
    locked: true,
    unlock_at,
    lesson: null,
    quiz: [],
    micro_project: null,
  };
}

export function dayProgress(day: number, overrides: Partial<DayProgress> = {}): DayProgress {
  return { day, is_unlocked: false, unlock_at: null, quiz: null, project: null, passed: false, ...overrides };
}

export const NOT_ENROLLED: ChallengeProgress = {
  enrollment: null,
  days: DETAIL.days.map((d) => dayProgress(d.day)),
  nextUnlock: null,
  completed: false,
  certificateId: null,
  certificateNeedsName: false,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Enrolled: day 1 passed, day 2 open with a failed quiz and a pending project, day 3 onwards locked;
 * day 3 opens `nextUnlockInMs` from now.
 */
export function enrolledProgress(nextUnlockInMs = 5 * 60 * 60 * 1000 + 3 * 60 * 1000 + 10 * 1000): ChallengeProgress {
  const next = Date.now() + nextUnlockInMs;
  const unlockAt = (day: number) => new Date(next + (day - 3) * DAY_MS).toISOString();
  return {
    enrollment: {
      timezone: 'America/New_York',
      daily_unlock_local_time: '00:00',
      start_local_date: '2026-03-01',
      enrolledAt: '2026-03-01T14:00:00.000Z',
    },
    days: DETAIL.days.map((d) =>
      d.day === 1
        ? dayProgress(1, {
            is_unlocked: true,
            unlock_at: '2026-03-01T05:00:00.000Z',
            quiz: { score: 1, passed: true },
            project: { status: 'passed', score: 0.9, feedback: 'Clear and complete.', gradedBy: 'bot' },
            passed: true,
          })
        : d.day === 2
          ? dayProgress(2, {
              is_unlocked: true,
              unlock_at: '2026-03-02T05:00:00.000Z',
              quiz: { score: 0.5, passed: false },
              project: { status: 'pending', score: null, feedback: null, gradedBy: null },
            })
          : dayProgress(d.day, { unlock_at: unlockAt(d.day) }),
    ),
    nextUnlock: { day: 3, is_unlocked: false, unlock_at: unlockAt(3) },
    completed: false,
    certificateId: null,
    certificateNeedsName: false,
  };
}

export const COMPLETED: ChallengeProgress = {
  enrollment: {
    timezone: 'America/New_York',
    daily_unlock_local_time: '00:00',
    start_local_date: '2026-03-01',
    enrolledAt: '2026-03-01T14:00:00.000Z',
  },
  days: DETAIL.days.map((d) =>
    dayProgress(d.day, {
      is_unlocked: true,
      unlock_at: new Date(Date.parse('2026-03-01T05:00:00.000Z') + (d.day - 1) * DAY_MS).toISOString(),
      quiz: { score: 1, passed: true },
      project: { status: 'passed', score: 1, feedback: null, gradedBy: 'reviewer' },
      passed: true,
    }),
  ),
  nextUnlock: null,
  completed: true,
  certificateId: 'Yk3m9QxZ_pL2rT8vW1aB0c',
  certificateNeedsName: false,
};
