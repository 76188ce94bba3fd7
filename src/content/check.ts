import { join, resolve } from 'node:path';
import { findAppRoot } from '../config/config';
import { expectedFieldRuleProblems, loadContentDir } from './content-loader';

/**
 * `npm run content:check [dir]`: validates a content folder and exits 1 on any problem,
 * so a broken course pack fails `npm test` before the migration job ever sees it.
 */
async function main(): Promise<number> {
  const dir = process.argv[2] ? resolve(process.argv[2]) : join(findAppRoot(), 'content');
  const loaded = await loadContentDir(dir);
  const { subjects, challenges } = loaded;
  // An authoring rule of the check only: the importer still takes plain field names from older packs.
  const problems = [...loaded.problems, ...expectedFieldRuleProblems(challenges)];

  console.log(`Content: ${dir}`);
  for (const s of subjects) {
    const items = s.nodes.flatMap((node) => node.quiz);
    const checks = items.filter((q) => q.use === 'check').length;
    const sections = s.lectures ? String(s.lectures.sections.length) : 'none';
    console.log(`  ${s.id}: ${s.modules.length} modules, ${s.nodes.length} nodes, ${checks} check + ${items.length - checks} assessment items, ${sections} lecture sections`);
  }
  for (const c of challenges) console.log(`  challenge ${c.id} (${c.subject}): ${c.days.length} days`);

  if (problems.length === 0) {
    console.log(`OK: ${subjects.length} subjects, ${challenges.length} challenges, no problems.`);
    return 0;
  }
  console.log(`\n${problems.length} problem${problems.length === 1 ? '' : 's'}:`);
  for (const p of problems) console.log(`${p.file}: ${p.id ? `[${p.id}] ` : ''}${p.message}`);
  return 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
