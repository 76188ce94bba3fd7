import { readdir, readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { parseDocument } from 'yaml';
import type { ZodError, ZodIssue, ZodTypeAny, z } from 'zod';
import {
  CHOICE_IDS,
  type ChallengeContent,
  ChallengeFileSchema,
  type ContentProblem,
  HEALTH_SUBJECTS,
  type LecturesFile,
  LecturesFileSchema,
  MODULES_MAX,
  MODULES_MIN,
  NODES_MAX,
  NODES_MIN,
  type NodeContent,
  NodeFileSchema,
  PREVIEW_NODES,
  QUIZ_MIN,
  CHECK_MIN,
  CHECK_OVERLAP_MAX,
  type SubjectContent,
  type SubjectFile,
  SubjectFileSchema,
  VARIANT_KEYS,
} from './content.schema';
import { checkHtml } from './html-check';

/**
 * Reads a content folder (see content/README.md) into typed subjects and challenges and
 * reports every problem it finds instead of stopping at the first. Nothing here throws on
 * bad content: the migration job and `npm run content:check` both need the full list, and
 * the migration job skips only the subjects that have problems.
 */

export interface LoadedContent {
  subjects: SubjectContent[];
  challenges: ChallengeContent[];
  problems: ContentProblem[];
}

const CHALLENGES_DIR = 'challenges';
const NODE_FILE = /^(\d{2})-(.+)\.yaml$/;

/**
 * A subject folder as validation sees it. The subject header may have failed to load;
 * its nodes and lectures are still checked, and the ids of node files that failed
 * their schema are kept so that references to them are not reported a second time as
 * dangling.
 */
interface SubjectUnit {
  dir: string;
  subject: SubjectFile | null;
  nodes: NodeContent[];
  lectures: LecturesFile | null;
  /** Node files that failed their schema (already reported), with their id if readable. */
  brokenNodes: { file: string; id?: string }[];
}

export async function loadContentDir(dir: string): Promise<LoadedContent> {
  const problems: ContentProblem[] = [];
  const units: SubjectUnit[] = [];
  const challenges: ChallengeContent[] = [];

  const entries = await listDir(dir, '.', problems);
  if (!entries) return { subjects: [], challenges: [], problems };

  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) {
      if (entry.name === CHALLENGES_DIR) challenges.push(...(await loadChallenges(dir, problems)));
      else units.push(await loadSubject(dir, entry.name, problems));
    } else if (/\.ya?ml$/.test(entry.name)) {
      problems.push({ file: entry.name, message: 'unexpected file at the top level: subjects live in <subject-id>/ folders and challenges in challenges/' });
    }
  }

  problems.push(...validateUnits(units, challenges));
  // Grouped by file (stable, so each file keeps its own order) to read like a lint report.
  problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const subjects = units
    .filter((u): u is SubjectUnit & { subject: SubjectFile } => u.subject !== null)
    .map((u) => ({ ...u.subject, dir: u.dir, nodes: u.nodes, lectures: u.lectures }));
  return { subjects, challenges, problems };
}

/**
 * Cross-file and semantic checks over content already in memory (the loader calls this
 * after parsing; Studio can call it on edited content before a migration).
 */
export function validateContent(subjects: SubjectContent[], challenges: ChallengeContent[] = []): ContentProblem[] {
  return validateUnits(
    subjects.map(({ dir, nodes, lectures, ...subject }) => ({ dir, subject, nodes, lectures, brokenNodes: [] })),
    challenges,
  );
}

// ---------------------------------------------------------------------------------------
// Loading

async function loadSubject(root: string, dir: string, problems: ContentProblem[]): Promise<SubjectUnit> {
  const unit: SubjectUnit = { dir, subject: null, nodes: [], lectures: null, brokenNodes: [] };

  const entries = (await listDir(root, dir, problems)) ?? [];
  const names = new Set(entries.map((e) => e.name));
  for (const e of entries) {
    if (e.name.startsWith('.') || ['subject.yaml', 'lectures.yaml', 'nodes'].includes(e.name)) continue;
    problems.push({ file: posix.join(dir, e.name), message: 'unexpected file: a subject folder holds subject.yaml, lectures.yaml and nodes/' });
  }

  const subjectFile = posix.join(dir, 'subject.yaml');
  if (!names.has('subject.yaml')) problems.push({ file: subjectFile, message: 'subject.yaml is missing' });
  else unit.subject = parseFile(await readYaml(root, subjectFile, problems), SubjectFileSchema, subjectFile, problems);

  const lecturesFile = posix.join(dir, 'lectures.yaml');
  if (!names.has('lectures.yaml')) problems.push({ file: lecturesFile, message: 'lectures.yaml is missing' });
  else unit.lectures = parseFile(await readYaml(root, lecturesFile, problems), LecturesFileSchema, lecturesFile, problems);

  const nodesDir = posix.join(dir, 'nodes');
  if (!names.has('nodes')) {
    problems.push({ file: nodesDir, message: 'nodes/ folder is missing' });
    return unit;
  }
  for (const e of (await listDir(root, nodesDir, problems)) ?? []) {
    if (e.name.startsWith('.')) continue;
    const file = posix.join(nodesDir, e.name);
    if (!e.isFile() || !e.name.endsWith('.yaml')) {
      problems.push({ file, message: 'unexpected file: node files are named NN-<node-id>.yaml' });
      continue;
    }
    const raw = await readYaml(root, file, problems);
    const node = parseFile(raw, NodeFileSchema, file, problems);
    if (node) unit.nodes.push({ ...node, file });
    else {
      // Without a readable id, the file name still says which node this was meant to be.
      const id = raw.ok && isRecord(raw.data) && typeof raw.data.id === 'string' ? raw.data.id : NODE_FILE.exec(e.name)?.[2];
      unit.brokenNodes.push({ file, id });
    }
  }
  return unit;
}

async function loadChallenges(root: string, problems: ContentProblem[]): Promise<ChallengeContent[]> {
  const out: ChallengeContent[] = [];
  for (const e of (await listDir(root, CHALLENGES_DIR, problems)) ?? []) {
    if (e.name.startsWith('.')) continue;
    const file = posix.join(CHALLENGES_DIR, e.name);
    if (!e.isFile() || !e.name.endsWith('.yaml')) {
      problems.push({ file, message: 'unexpected file: challenge files are named <challenge-id>.yaml' });
      continue;
    }
    const challenge = parseFile(await readYaml(root, file, problems), ChallengeFileSchema, file, problems);
    if (challenge) out.push({ ...challenge, file });
  }
  return out;
}

async function listDir(root: string, rel: string, problems: ContentProblem[]) {
  try {
    const entries = await readdir(join(root, rel), { withFileTypes: true });
    // Reading order is file-name order (NN- prefixes), independent of the file system.
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (err) {
    problems.push({ file: rel === '.' ? root : rel, message: `cannot read folder: ${(err as Error).message}` });
    return null;
  }
}

type YamlResult = { ok: true; data: unknown } | { ok: false };

async function readYaml(root: string, file: string, problems: ContentProblem[]): Promise<YamlResult> {
  let source: string;
  try {
    source = await readFile(join(root, file), 'utf8');
  } catch (err) {
    problems.push({ file, message: `cannot read file: ${(err as Error).message}` });
    return { ok: false };
  }
  try {
    // uniqueKeys: a key written twice silently keeps only the last value otherwise.
    const doc = parseDocument(source, { prettyErrors: true, uniqueKeys: true });
    const firstLine = (m: string) => m.split('\n')[0].replace(/:$/, '');
    for (const w of doc.warnings) problems.push({ file, message: `YAML warning: ${firstLine(w.message)}` });
    if (doc.errors.length) {
      for (const e of doc.errors) problems.push({ file, message: `YAML syntax error: ${firstLine(e.message)}` });
      return { ok: false };
    }
    return { ok: true, data: doc.toJS({ maxAliasCount: 100 }) };
  } catch (err) {
    problems.push({ file, message: `YAML error: ${(err as Error).message}` });
    return { ok: false };
  }
}

function parseFile<S extends ZodTypeAny>(raw: YamlResult, schema: S, file: string, problems: ContentProblem[]): z.output<S> | null {
  if (!raw.ok) return null;
  const parsed = schema.safeParse(raw.data);
  if (parsed.success) return parsed.data;
  problems.push(...zodProblems(file, raw.data, parsed.error));
  return null;
}

function zodProblems(file: string, data: unknown, error: ZodError): ContentProblem[] {
  return error.issues.map((issue) => {
    const { id, value } = lookup(data, issue.path);
    const where = formatPath(issue.path);
    return { file, ...(id ? { id } : {}), message: formatIssue(issue, where, value) };
  });
}

function formatIssue(issue: ZodIssue, where: string, value: unknown): string {
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => `"${k}"`).join(', ');
    return `unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}${where ? ` in ${where}` : ''}`;
  }
  if (value === undefined && issue.code !== 'custom' && where) {
    return `missing required field "${where}"${issue.message === 'Required' ? '' : `: ${issue.message}`}`;
  }
  return where ? `${where}: ${issue.message}` : issue.message;
}

function formatPath(path: (string | number)[]): string {
  return path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${p}` : p), '');
}

/** The value at `path`, and the id of the innermost object on the way that has one. */
function lookup(data: unknown, path: (string | number)[]): { id?: string; value: unknown } {
  let id: string | undefined;
  let cur: unknown = data;
  for (const key of path) {
    if (isRecord(cur) && typeof cur.id === 'string') id = cur.id;
    cur = isRecord(cur) || Array.isArray(cur) ? (cur as Record<string | number, unknown>)[key] : undefined;
  }
  // A problem with an object's own id field is still about that object.
  if (isRecord(cur) && typeof cur.id === 'string') id = cur.id;
  return { id, value: cur };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// ---------------------------------------------------------------------------------------
// Validation

function validateUnits(units: SubjectUnit[], challenges: ChallengeContent[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const nodeIdFiles = new Map<string, string>();
  const quizIdFiles = new Map<string, string>();

  for (const unit of units) {
    checkSubject(unit, problems);
    for (const node of unit.nodes) {
      // Node ids are global keys in the database, so a clash anywhere is an error; it is
      // reported on the later file so the first subject can still be migrated.
      const first = nodeIdFiles.get(node.id);
      if (first) problems.push({ file: node.file, id: node.id, message: `duplicate node id: already used by ${first}` });
      else nodeIdFiles.set(node.id, node.file);
      checkNode(node, problems, quizIdFiles);
    }
    checkPrerequisites(unit, problems);
    checkLectures(unit, problems);
    checkLengthCue(unit, problems);
  }
  checkChallenges(units, challenges, problems);
  return problems;
}

function checkSubject(unit: SubjectUnit, problems: ContentProblem[]) {
  const { dir, subject, nodes } = unit;
  const subjectFile = posix.join(dir, 'subject.yaml');
  const nodesDir = posix.join(dir, 'nodes');

  const nodeCount = nodes.length + unit.brokenNodes.length;
  if (nodeCount < NODES_MIN || nodeCount > NODES_MAX) {
    problems.push({ file: nodesDir, message: `a subject needs ${NODES_MIN} to ${NODES_MAX} nodes, found ${nodeCount}` });
  }

  // Reading order comes from the NN- prefix, so it must be 01, 02, ... with each file
  // named after the node it holds.
  for (const node of nodes) {
    const m = NODE_FILE.exec(posix.basename(node.file));
    if (!m || m[2] !== node.id) {
      problems.push({ file: node.file, id: node.id, message: `file name does not match the node: expected NN-${node.id}.yaml` });
    }
  }
  const fileNames = [...nodes, ...unit.brokenNodes].map((n) => posix.basename(n.file)).sort();
  // Only the first mismatch: one missing number would otherwise flag every later file.
  const off = fileNames.findIndex((name, i) => NODE_FILE.exec(name)?.[1] !== String(i + 1).padStart(2, '0'));
  if (off >= 0) {
    problems.push({
      file: posix.join(nodesDir, fileNames[off]),
      message: `node files must be numbered 01, 02, ... in reading order without gaps or repeats: expected ${String(off + 1).padStart(2, '0')}-<node-id>.yaml here`,
    });
  }

  const prefix = nodes[0]?.id.split('-')[0];
  for (const node of nodes.slice(1)) {
    if (!node.id.startsWith(`${prefix}-`)) problems.push({ file: node.file, id: node.id, message: `node ids of one subject share a prefix: expected "${prefix}-..."` });
  }

  if (!subject) return;

  if (subject.id !== dir) problems.push({ file: subjectFile, id: subject.id, message: `folder name "${dir}" does not match subject id "${subject.id}"` });
  if (HEALTH_SUBJECTS.has(subject.id) && !subject.safety_note) {
    problems.push({ file: subjectFile, id: subject.id, message: 'safety_note is required for a health subject' });
  }

  const modules = subject.modules.map((m) => m.id);
  if (modules.length < MODULES_MIN || modules.length > MODULES_MAX) {
    problems.push({ file: subjectFile, id: subject.id, message: `a subject needs ${MODULES_MIN} to ${MODULES_MAX} modules, found ${modules.length}` });
  }
  const seenModules = new Set<string>();
  for (const m of modules) {
    if (seenModules.has(m)) problems.push({ file: subjectFile, id: m, message: `duplicate module id "${m}"` });
    seenModules.add(m);
  }

  for (const node of nodes) {
    if (!seenModules.has(node.module)) {
      problems.push({ file: node.file, id: node.id, message: `module "${node.module}" is not a module of ${subjectFile} (${modules.join(', ')})` });
    }
  }
  // Which module a node file that failed to load belongs to, and whether it is a preview,
  // is unknown; judging the rest without it would report problems that are not there.
  if (unit.brokenNodes.length > 0) return;

  for (const m of seenModules) {
    if (!nodes.some((n) => n.module === m)) problems.push({ file: subjectFile, id: m, message: `module "${m}" has no nodes` });
  }

  // The free preview is the opening of the course: exactly the first two nodes of the
  // first module in reading order. Anything else would give away later material or
  // leave the shop preview empty.
  const firstModule = modules[0];
  if (firstModule === undefined) return;
  const shouldPreview = new Set(nodes.filter((n) => n.module === firstModule).slice(0, PREVIEW_NODES).map((n) => n.id));
  if (shouldPreview.size === 0) problems.push({ file: subjectFile, id: firstModule, message: `no preview nodes: the first module "${firstModule}" has no nodes` });
  for (const node of nodes) {
    if (shouldPreview.has(node.id) && !node.preview) {
      problems.push({ file: node.file, id: node.id, message: `preview must be true: the first ${PREVIEW_NODES} nodes of the first module "${firstModule}" are the free preview` });
    } else if (!shouldPreview.has(node.id) && node.preview) {
      problems.push({
        file: node.file,
        id: node.id,
        message: `preview must be false: only the first ${PREVIEW_NODES} nodes of the first module "${firstModule}" are the free preview`,
      });
    }
  }
}

function checkNode(node: NodeContent, problems: ContentProblem[], quizIdFiles: Map<string, string>) {
  const htmlFields: [string, string][] = [
    ['summary_html', node.summary_html],
    ['lesson_html', node.lesson_html],
    ...VARIANT_KEYS.map((k): [string, string] => [`variants.${k}`, node.variants[k]]),
  ];
  for (const [field, html] of htmlFields) {
    for (const issue of checkHtml(html)) {
      problems.push({ file: node.file, id: node.id, message: `${field}: broken html at line ${issue.line}, column ${issue.column}: ${issue.message}` });
    }
  }

  const checks = node.quiz.filter((q) => q.use === 'check');
  const assessments = node.quiz.filter((q) => q.use !== 'check');
  if (checks.length < CHECK_MIN) {
    problems.push({ file: node.file, id: node.id, message: `a node needs at least ${CHECK_MIN} check items (use: check), found ${checks.length}` });
  }
  if (assessments.length < QUIZ_MIN) {
    problems.push({ file: node.file, id: node.id, message: `a node needs at least ${QUIZ_MIN} assessment items (use: assessment or no use), found ${assessments.length}` });
  }
  for (const item of node.quiz) {
    const cue = lengthCue(item);
    if (cue) {
      problems.push({
        file: node.file,
        id: item.id,
        message: `the correct choice is much longer than every other choice (${cue.correct} vs at most ${cue.wrong} characters): its length gives the answer away`,
      });
    }
  }
  for (const check of checks) {
    const words = stemWords(check.stem);
    for (const test of assessments) {
      if (jaccard(words, stemWords(test.stem)) >= CHECK_OVERLAP_MAX) {
        problems.push({ file: node.file, id: check.id, message: `check item ${check.id} is too close to assessment item ${test.id}: revealing it would give the test away` });
      }
    }
  }

  const itemId = new RegExp(`^${node.id}-q[1-9][0-9]*$`);
  for (const item of node.quiz) {
    const first = quizIdFiles.get(item.id);
    if (first) problems.push({ file: node.file, id: item.id, message: `duplicate quiz item id: already used ${first === node.file ? 'in this node' : `by ${first}`}` });
    else quizIdFiles.set(item.id, node.file);
    if (!itemId.test(item.id)) problems.push({ file: node.file, id: item.id, message: `quiz item id must be ${node.id}-q<n>` });

    const choiceIds = item.choices.map((c) => c.id);
    const dupes = [...new Set(choiceIds.filter((c, i) => choiceIds.indexOf(c) !== i))];
    if (dupes.length) {
      const missing = CHOICE_IDS.filter((c) => !choiceIds.includes(c));
      problems.push({ file: node.file, id: item.id, message: `duplicate choice id${dupes.length > 1 ? 's' : ''} ${dupes.join(', ')}: choices must be a, b, c, d (missing ${missing.join(', ')})` });
    }
    const matches = choiceIds.filter((c) => c === item.correct).length;
    if (matches === 0) {
      problems.push({ file: node.file, id: item.id, message: `no correct answer: correct "${item.correct}" is not one of the choice ids (${choiceIds.join(', ')})` });
    } else if (matches > 1) {
      problems.push({ file: node.file, id: item.id, message: `ambiguous correct answer: ${matches} choices have the id "${item.correct}"` });
    }
  }
}

/** The correct choice of an item may be at most this much longer than its longest wrong choice. */
export const LENGTH_CUE_MAX = 1.25;
/** Across a subject, the correct choice may be the longest in at most this share of items (chance is 25 %). */
export const LONGEST_SHARE_MAX = 0.4;

function choiceLengths(item: { choices: { id: string; text: string }[]; correct: string }) {
  const correct = item.choices.find((c) => c.id === item.correct)?.text.length ?? 0;
  const wrong = Math.max(0, ...item.choices.filter((c) => c.id !== item.correct).map((c) => c.text.length));
  return { correct, wrong };
}

/** The item's right answer stands out by its length alone (a test-wise learner picks the longest). */
export function lengthCue(item: { choices: { id: string; text: string }[]; correct: string }) {
  const { correct, wrong } = choiceLengths(item);
  return wrong > 0 && correct > LENGTH_CUE_MAX * wrong ? { correct, wrong } : null;
}

function checkLengthCue(unit: SubjectUnit, problems: ContentProblem[]) {
  const items = unit.nodes.flatMap((n) => n.quiz);
  if (items.length < 20) return;
  const longest = items.filter((q) => {
    const { correct, wrong } = choiceLengths(q);
    return correct > wrong;
  }).length;
  if (longest > LONGEST_SHARE_MAX * items.length) {
    problems.push({
      file: posix.join(unit.dir, 'nodes'),
      message: `the correct choice is the longest in ${longest} of ${items.length} quiz items (at most ${Math.floor(LONGEST_SHARE_MAX * items.length)}): picking the longest choice would pass the tests`,
    });
  }
}

const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from has have how i if in is it its of on or that the their them they this to was what when which who why will with you your'.split(' '),
);

/** The set of a stem's words, lower-cased, without punctuation or stop words. */
export function stemWords(stem: string): Set<string> {
  return new Set(
    stem
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 0 && !STOP_WORDS.has(w)),
  );
}

/** Whether revealing a check item with this stem would give away the assessment item with that one. */
export function tooCloseToAssessment(checkStem: string, assessmentStem: string): boolean {
  return jaccard(stemWords(checkStem), stemWords(assessmentStem)) >= CHECK_OVERLAP_MAX;
}

/** |A ∩ B| / |A ∪ B|; 0 for two empty sets. */
export function jaccard(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const w of a) if (b.has(w)) both += 1;
  const union = a.size + b.size - both;
  return union === 0 ? 0 : both / union;
}

function checkPrerequisites(unit: SubjectUnit, problems: ContentProblem[]) {
  const byId = new Map(unit.nodes.map((n) => [n.id, n]));
  const known = new Set([...byId.keys(), ...brokenIds(unit)]);
  for (const node of unit.nodes) {
    const seen = new Set<string>();
    for (const pre of node.prerequisites) {
      if (seen.has(pre)) problems.push({ file: node.file, id: node.id, message: `prerequisite "${pre}" is listed twice` });
      seen.add(pre);
      if (!known.has(pre)) problems.push({ file: node.file, id: node.id, message: `prerequisite "${pre}" is not a node of this subject` });
    }
  }

  // Depth-first search; a prerequisite already on the current path closes a cycle. Each
  // cycle is reported once, starting from its earliest node in reading order.
  const order = new Map(unit.nodes.map((n, i) => [n.id, i]));
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const reported = new Set<string>();
  const visit = (id: string) => {
    state.set(id, 'visiting');
    path.push(id);
    for (const pre of byId.get(id)?.prerequisites ?? []) {
      if (!byId.has(pre)) continue;
      const s = state.get(pre);
      if (s === 'visiting') {
        const cycle = path.slice(path.indexOf(pre));
        const start = cycle.reduce((best, c, i) => (order.get(c)! < order.get(cycle[best])! ? i : best), 0);
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        const key = rotated.join(' ');
        if (!reported.has(key)) {
          reported.add(key);
          const head = byId.get(rotated[0])!;
          problems.push({ file: head.file, id: head.id, message: `prerequisite cycle (each node requires the next): ${[...rotated, rotated[0]].join(' -> ')}` });
        }
      } else if (s === undefined) visit(pre);
    }
    path.pop();
    state.set(id, 'done');
  };
  for (const node of unit.nodes) if (!state.has(node.id)) visit(node.id);
}

function brokenIds(unit: SubjectUnit): string[] {
  return unit.brokenNodes.flatMap((n) => (n.id ? [n.id] : []));
}

function checkLectures(unit: SubjectUnit, problems: ContentProblem[]) {
  const { lectures, nodes } = unit;
  if (!lectures) return;
  const file = posix.join(unit.dir, 'lectures.yaml');
  const subjectId = unit.subject?.id ?? unit.dir;
  if (lectures.subject !== subjectId) problems.push({ file, message: `subject "${lectures.subject}" does not match the subject id "${subjectId}"` });

  const nodeIds = new Set([...nodes.map((n) => n.id), ...brokenIds(unit)]);
  const sectionIds = new Set<string>();
  for (const section of lectures.sections) {
    if (sectionIds.has(section.id)) problems.push({ file, id: section.id, message: 'duplicate lecture section id' });
    sectionIds.add(section.id);
    if (!nodeIds.has(section.id)) problems.push({ file, id: section.id, message: 'lecture section id is not a node id of this subject' });
    // The text goes straight to text-to-speech, which would read markup aloud.
    const markup = /<\/?[a-zA-Z][^>]*>|\*\*|`|\]\(/.exec(section.text);
    if (markup) problems.push({ file, id: section.id, message: `lecture text must be plain spoken prose: found "${markup[0]}"` });
  }
  for (const node of nodes) {
    if (!sectionIds.has(node.id)) problems.push({ file, id: node.id, message: `node ${node.id} has no lecture section` });
  }

  const sectionOrder = lectures.sections.map((s) => s.id).filter((id) => nodeIds.has(id));
  const nodeOrder = nodes.map((n) => n.id).filter((id) => sectionIds.has(id));
  const firstOff = nodeOrder.findIndex((id, i) => sectionOrder[i] !== id);
  if (firstOff >= 0 && sectionOrder.length === nodeOrder.length) {
    problems.push({ file, id: sectionOrder[firstOff], message: `sections must follow node order: expected ${nodeOrder[firstOff]} at position ${firstOff + 1}` });
  }
}

function checkChallenges(units: SubjectUnit[], challenges: ChallengeContent[], problems: ContentProblem[]) {
  // A folder whose subject.yaml failed to load still exists; its own problem is reported.
  const subjectIds = new Set(units.flatMap((u) => [u.dir, ...(u.subject ? [u.subject.id] : [])]));
  const seen = new Map<string, string>();
  for (const c of challenges) {
    const first = seen.get(c.id);
    if (first) problems.push({ file: c.file, id: c.id, message: `duplicate challenge id: already used by ${first}` });
    else seen.set(c.id, c.file);
    if (posix.basename(c.file) !== `${c.id}.yaml`) problems.push({ file: c.file, id: c.id, message: `file name must be ${c.id}.yaml` });
    if (!subjectIds.has(c.subject)) problems.push({ file: c.file, id: c.id, message: `subject "${c.subject}" is not an existing subject` });
  }
}

/**
 * Expected fields without keywords or a range (plain names): the importer still reads them (old packs), but the
 * built-in project check can then only judge the answer's form, so `npm run content:check` reports each one.
 */
export function expectedFieldRuleProblems(challenges: ChallengeContent[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const c of challenges)
    for (const d of c.days)
      for (const f of d.micro_project.expected_fields)
        if (typeof f === 'string')
          problems.push({
            file: c.file,
            id: `${c.id} day ${d.day}`,
            message: `expected field "${f}" needs keywords or a range ({name, keywords: [...]} or {name, range: [min, max]})`,
          });
  return problems;
}
