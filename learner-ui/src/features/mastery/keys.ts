/** Prefixes for invalidating everything that shows the caller's mastery after a quiz or review. */
export function masteryAffectedKeys(email: string | undefined) {
  const who = email ?? 'anonymous';
  return [
    ['user', who, 'mastery'],
    ['user', who, 'graph'],
    ['user', who, 'node'],
    ['user', who, 'practice'],
    // the learning path: its open attempts, levels and next topic
    ['user', who, 'path'],
    // a test's achievements and the modules it opened
    ['user', who, 'tags'],
    ['user', who, 'unlocks'],
  ] as const;
}
