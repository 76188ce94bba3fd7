import { safeFetch } from '../../../common/http/safe-fetch';
import { loadContentDir } from '../../../content/content-loader';
import type { ChallengeContent, SubjectContent } from '../../../content/content.schema';
import type { QuizItemImport } from '../../assessment/assessment-content.service';
import type { SubjectImport } from '../../catalog/catalog-content.service';
import type { ChallengeImport } from '../../challenges/content/challenge-content.service';
import type { NodeImport } from '../../graph/content/graph-content.service';
import type { LectureSectionImport } from '../../media/lecture-content.service';

/** One subject, ready to import: only items that passed validation. */
export interface MigrationSubject extends SubjectImport {
  nodes: NodeImport[];
  quizItems: QuizItemImport[];
  /** null when the source has no lecture script (the stored one is kept) */
  lectures: LectureSectionImport[] | null;
  /** every node id the source names, including skipped ones (their stored version is kept) */
  sourceNodeIds: string[];
  /** quiz items skipped as malformed: their stored version is kept, not deleted */
  skippedQuizIds: string[];
}

export interface SkippedItem {
  subject: string;
  id: string;
  reason: string;
}

export interface MigrationInput {
  subjects: MigrationSubject[];
  challenges: ChallengeImport[];
  skipped: SkippedItem[];
  /** problems that do not stop an item from being imported (e.g. authoring rules) */
  warnings: string[];
}

export type ContentSourceSpec = { kind: 'bundled'; dir: string } | { kind: 'rest'; baseUrl: string };

// ---------------------------------------------------------------------------------------------
// Bundled content: the YAML packs under content/, validated by the content loader.

export async function readBundled(dir: string): Promise<MigrationInput> {
  const { subjects, challenges, problems } = await loadContentDir(dir);
  const skipped: SkippedItem[] = [];
  const out: MigrationSubject[] = [];

  for (const [position, s] of subjects.entries()) {
    const inSubject = problems.filter((p) => p.file === s.dir || p.file.startsWith(`${s.dir}/`));
    const nodeIds = new Set(s.nodes.map((n) => n.id));
    const quizIds = new Set(s.nodes.flatMap((n) => n.quiz.map((q) => q.id)));
    const badNodes = new Map<string, string>();
    const badQuiz = new Map<string, string>();
    for (const p of inSubject) {
      const nodeOfFile = s.nodes.find((n) => n.file === p.file);
      if (p.id && quizIds.has(p.id)) badQuiz.set(p.id, p.message);
      else if (p.id && nodeIds.has(p.id) && p.file.includes('/nodes/')) badNodes.set(p.id, p.message);
      else if (!p.id && nodeOfFile) badNodes.set(nodeOfFile.id, p.message);
    }
    for (const [id, reason] of badNodes) skipped.push({ subject: s.id, id, reason });
    for (const [id, reason] of badQuiz)
      if (!badNodes.has(quizNode(s, id) ?? '')) skipped.push({ subject: s.id, id, reason });

    const nodes = s.nodes.filter((n) => !badNodes.has(n.id));
    const moduleTitles = new Map(s.modules.map((m) => [m.id, m.title]));
    out.push({
      id: s.id,
      name: s.name,
      title: s.title,
      description: s.description,
      safetyNote: s.safety_note ?? null,
      position,
      modules: s.modules.map((m) => ({ id: m.id, title: m.title, description: m.description })),
      nodes: nodes.map((n) => ({
        id: n.id,
        title: n.title,
        moduleId: moduleTitles.has(n.module) ? n.module : s.modules[0].id,
        preview: n.preview,
        summaryHtml: n.summary_html,
        lessonHtml: n.lesson_html,
        variants: { ...n.variants },
        sources: n.sources.map((src) => ({ title: src.title, url: src.url, type: src.type })),
        video: null,
        prerequisites: n.prerequisites,
      })),
      quizItems: nodes.flatMap((n) =>
        n.quiz
          .filter((q) => !badQuiz.has(q.id))
          .map((q) => ({
            id: q.id,
            nodeId: n.id,
            stem: q.stem,
            choices: q.choices.map((c) => ({ id: c.id, text: c.text })),
            correct: q.correct,
            explanation: q.explanation,
            difficulty: q.difficulty,
            use: q.use ?? 'assessment',
          })),
      ),
      lectures: s.lectures
        ? s.lectures.sections
            .filter((sec) => nodeIds.has(sec.id) && !badNodes.has(sec.id))
            .map((sec) => ({ id: sec.id, title: sec.title, text: sec.text, estSeconds: sec.est_seconds }))
        : null,
      sourceNodeIds: [...nodeIds],
      skippedQuizIds: [...badQuiz.keys()],
    });
  }

  const subjectIds = new Set(out.map((s) => s.id));
  const challengeOut: ChallengeImport[] = [];
  for (const c of challenges) {
    const problem = problems.find(
      (p) => p.file === `challenges/${c.file}` || p.file === c.file || p.file.endsWith(`/${c.file}`),
    );
    if (problem || !subjectIds.has(c.subject)) {
      skipped.push({ subject: c.subject, id: c.id, reason: problem?.message ?? `unknown subject ${c.subject}` });
      continue;
    }
    challengeOut.push(toChallengeImport(c));
  }
  // Files that could not be read at all never became subjects or challenges: report them as
  // skipped. Other problems in imported subjects (authoring rules) are passed on as warnings.
  const warnings: string[] = [];
  const reported = new Set(skipped.map((x) => `${x.subject}/${x.id}`));
  for (const p of problems) {
    const subject = out.find((s) => p.file === s.id || p.file.startsWith(`${s.id}/`));
    const known = subject || challenges.some((c) => p.file.endsWith(c.file));
    if (!known) skipped.push({ subject: p.file.split('/')[0], id: p.id ?? p.file, reason: p.message });
    else if (!reported.has(`${subject?.id}/${p.id}`))
      warnings.push(`${p.file}${p.id ? ` [${p.id}]` : ''}: ${p.message}`);
  }
  return { subjects: out, challenges: challengeOut, skipped, warnings };
}

function quizNode(s: SubjectContent, quizId: string): string | undefined {
  return s.nodes.find((n) => n.quiz.some((q) => q.id === quizId))?.id;
}

function toChallengeImport(c: ChallengeContent): ChallengeImport {
  return {
    id: c.id,
    subjectId: c.subject,
    name: c.name,
    tagline: c.tagline,
    days: c.days.map((d) => ({
      day: d.day,
      title: d.title,
      tool: d.tool,
      estMinutes: d.est_minutes ?? 15,
      lesson: { summary: d.lesson.summary, steps: d.lesson.steps },
      quiz: d.quiz.map((q) => ({ q: q.q, options: q.options, answer: q.answer })),
      microProject: { desc: d.micro_project.desc, expected_fields: d.micro_project.expected_fields },
      rubric: { pass_score: d.rubric.pass_score, criteria: d.rubric.criteria },
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Legacy REST source: GET /api/subjects, /api/graph?subject=, /api/graph/nodes/{id}?subject=,
// in the shapes the old product served (the spec's entities: lists of strings or objects,
// nodes with category, micro_quiz items with stem or stemHtml, choices with text or textHtml).

type Json = Record<string, unknown>;

export class ContentSourceError extends Error {}

/** How the legacy source may be fetched: the same SSRF rules as the crawler (allow-list for tests). */
export interface LegacyFetchOptions {
  allowedHosts: string[];
  /** the whole read of one source, however many nodes it has */
  deadlineMs?: number;
  maxNodes?: number;
}

const REQUEST_TIMEOUT_MS = 15000;
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const DEFAULT_DEADLINE_MS = 10 * 60 * 1000;
const DEFAULT_MAX_NODES = 5000;

async function getJson(url: string, opts: LegacyFetchOptions, deadline: number): Promise<unknown> {
  if (Date.now() > deadline) throw new ContentSourceError('The legacy source took too long to read');
  let page: { status: number; body: string };
  try {
    // Loopback, private and link-local targets are refused (checked on every redirect), the
    // body is capped while streaming, and each request has a time limit.
    page = await safeFetch(url, {
      allowedHosts: opts.allowedHosts,
      maxBytes: MAX_BODY_BYTES,
      timeoutMs: Math.min(REQUEST_TIMEOUT_MS, Math.max(1000, deadline - Date.now())),
      userAgent: 'AdaptiveLearningContentMigration',
      accept: ['application/json', 'text/json', 'text/plain'],
    });
  } catch (err) {
    throw new ContentSourceError(`Could not read ${url}: ${(err as Error).message}`);
  }
  if (page.status < 200 || page.status >= 300) throw new ContentSourceError(`${url} answered ${page.status}`);
  try {
    return JSON.parse(page.body);
  } catch {
    throw new ContentSourceError(`${url} did not answer JSON`);
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'general';
const listOf = (v: unknown, key: string): unknown[] =>
  Array.isArray(v)
    ? v
    : v && typeof v === 'object' && Array.isArray((v as Json)[key])
      ? ((v as Json)[key] as unknown[])
      : [];

/** Reads one legacy topic detail into a node and its quiz items, or says why it cannot. */
function mapLegacyNode(
  detail: unknown,
  listed: { id: string; title?: string; category?: string; prerequisites: string[] },
): { node: NodeImport; quiz: QuizItemImport[]; problems: { id: string; reason: string }[] } | { error: string } {
  if (!detail || typeof detail !== 'object') return { error: 'node detail is not an object' };
  const d = detail as Json;
  const title = str(d.title) ?? listed.title;
  if (!title) return { error: 'node has no title' };
  const summary = str(d.summary_html) ?? str(d.summaryHtml) ?? '';
  const lesson = str(d.lesson_html) ?? str(d.lessonHtml) ?? '';
  if (!summary && !lesson) return { error: 'node has neither summary_html nor lesson_html' };
  for (const [field, v] of [
    ['summary_html', d.summary_html],
    ['lesson_html', d.lesson_html],
  ] as const) {
    if (v !== undefined && v !== null && typeof v !== 'string') return { error: `${field} is not a string` };
  }
  const category = str(d.category) ?? listed.category ?? 'General';
  const variants: Record<string, string> = {};
  if (d.variants && typeof d.variants === 'object' && !Array.isArray(d.variants)) {
    for (const [k, v] of Object.entries(d.variants as Json)) if (typeof v === 'string') variants[k] = v;
  }
  const sources = (Array.isArray(d.sources) ? d.sources : []).flatMap((s) => {
    if (typeof s === 'string')
      return /^https?:\/\//i.test(s) ? [{ title: s, url: s, type: 'article' }] : [{ title: s, url: '', type: 'book' }];
    if (s && typeof s === 'object') {
      const o = s as Json;
      // Only web links survive: a javascript: or data: URL would run in a learner's browser.
      const url = /^https?:\/\//i.test(str(o.url) ?? '') ? (o.url as string) : '';
      const t = str(o.title) ?? url;
      return t ? [{ title: t, url, type: str(o.type) ?? 'article' }] : [];
    }
    return [];
  });
  const videoUrl = d.video && typeof d.video === 'object' ? str((d.video as Json).url) : undefined;
  const video =
    videoUrl && /^https?:\/\//i.test(videoUrl) ? { url: videoUrl, title: str((d.video as Json).title) } : null;

  const quiz: QuizItemImport[] = [];
  const problems: { id: string; reason: string }[] = [];
  const rawQuiz = listOf(d.micro_quiz, 'items');
  rawQuiz.forEach((q, i) => {
    const o = (q ?? {}) as Json;
    const id = str(o.id) ?? `${listed.id}-q${i + 1}`;
    const stem = str(o.stem) ?? str(o.stemHtml);
    const choices = (Array.isArray(o.choices) ? o.choices : []).map((c, j) => {
      const co = (c ?? {}) as Json;
      return {
        id: str(co.id) ?? String.fromCharCode(97 + j),
        text: str(co.text) ?? str(co.textHtml) ?? (typeof c === 'string' ? c : ''),
      };
    });
    const correct =
      str(o.correct) ??
      str(o.correctChoiceId) ??
      str(o.answer) ??
      (typeof o.answer === 'number' ? choices[o.answer as number]?.id : undefined);
    const reason = !stem
      ? 'quiz item has no stem'
      : choices.length < 2 || choices.some((c) => !c.text)
        ? 'quiz item needs at least two choices with text'
        : new Set(choices.map((c) => c.id)).size !== choices.length
          ? 'quiz item has duplicate choice ids'
          : !correct || !choices.some((c) => c.id === correct)
            ? 'quiz item has no valid correct answer'
            : null;
    if (reason) {
      problems.push({ id, reason });
      return;
    }
    const difficulty = Number(o.difficulty);
    quiz.push({
      id,
      nodeId: listed.id,
      stem: stem!,
      choices,
      correct: correct!,
      explanation: str(o.explanation) ?? '',
      difficulty: [1, 2, 3].includes(difficulty) ? difficulty : 2,
      // a legacy source's micro quiz was served to learners without its key: an assessment item, never revealed
      use: 'assessment',
    });
  });

  return {
    node: {
      id: listed.id,
      title,
      moduleId: slug(category),
      preview: false,
      summaryHtml: summary,
      lessonHtml: lesson,
      variants,
      sources,
      video,
      prerequisites: listed.prerequisites,
    },
    quiz,
    problems,
  };
}

export async function readLegacyRest(
  baseUrl: string,
  opts: LegacyFetchOptions,
  onProgress?: (msg: string) => void,
): Promise<MigrationInput> {
  const base = baseUrl.replace(/\/+$/, '');
  const deadline = Date.now() + (opts.deadlineMs ?? DEFAULT_DEADLINE_MS);
  const maxNodes = opts.maxNodes ?? DEFAULT_MAX_NODES;
  let nodesRead = 0;
  const skipped: SkippedItem[] = [];
  const subjects: MigrationSubject[] = [];

  const rawSubjects = listOf(await getJson(`${base}/api/subjects?detailed=true`, opts, deadline), 'subjects');
  for (const [position, raw] of rawSubjects.entries()) {
    const o = (typeof raw === 'string' ? { id: raw } : (raw ?? {})) as Json;
    const id = str(o.id) ?? str(o.subjectId);
    if (!id || !/^[a-z0-9][a-z0-9-]*$/.test(id)) {
      skipped.push({
        subject: String(id ?? '?'),
        id: String(id ?? `#${position}`),
        reason: 'subject has no usable id',
      });
      continue;
    }
    onProgress?.(`reading ${id}`);
    let graph: unknown;
    try {
      graph = await getJson(`${base}/api/graph?subject=${encodeURIComponent(id)}`, opts, deadline);
    } catch (err) {
      skipped.push({ subject: id, id, reason: (err as Error).message });
      continue;
    }
    const edges = listOf(graph, 'edges').map((e) => (e ?? {}) as Json);
    const listedNodes = listOf(graph, 'nodes')
      .map((n) => (n ?? {}) as Json)
      .filter((n) => {
        if (str(n.id)) return true;
        skipped.push({ subject: id, id: '(no id)', reason: 'graph node without an id' });
        return false;
      })
      .map((n) => ({
        id: n.id as string,
        title: str(n.title),
        category: str(n.category),
        prerequisites: [
          ...(Array.isArray(n.prerequisites)
            ? (n.prerequisites as unknown[]).filter((p): p is string => typeof p === 'string')
            : []),
          ...edges.filter((e) => (e.to ?? e.target) === n.id).map((e) => String(e.from ?? e.source)),
        ],
      }));

    const nodes: NodeImport[] = [];
    const quizItems: QuizItemImport[] = [];
    for (const listed of listedNodes) {
      if (++nodesRead > maxNodes) throw new ContentSourceError(`The legacy source has more than ${maxNodes} nodes`);
      let detail: unknown;
      try {
        detail = await getJson(
          `${base}/api/graph/nodes/${encodeURIComponent(listed.id)}?subject=${encodeURIComponent(id)}`,
          opts,
          deadline,
        );
      } catch (err) {
        skipped.push({ subject: id, id: listed.id, reason: (err as Error).message });
        continue;
      }
      const mapped = mapLegacyNode(detail, listed);
      if ('error' in mapped) {
        skipped.push({ subject: id, id: listed.id, reason: mapped.error });
        continue;
      }
      nodes.push(mapped.node);
      for (const q of mapped.quiz) {
        // Quiz ids are unique per subject; old sources often reuse "q1" in every node.
        quizItems.push(quizItems.some((x) => x.id === q.id) ? { ...q, id: `${listed.id}-${q.id}` } : q);
      }
      for (const p of mapped.problems) skipped.push({ subject: id, ...p });
    }

    // Modules come from the categories, in order of first appearance; the first two
    // lessons of the first module become the free preview samples.
    const modules: { id: string; title: string; description: string }[] = [];
    for (const n of nodes) {
      if (!modules.some((m) => m.id === n.moduleId)) {
        const title = listedNodes.find((l) => l.id === n.id)?.category ?? n.moduleId;
        modules.push({ id: n.moduleId, title, description: '' });
      }
    }
    if (nodes.length === 0) {
      skipped.push({ subject: id, id, reason: 'subject has no readable nodes' });
      continue;
    }
    nodes
      .filter((n) => n.moduleId === modules[0].id)
      .slice(0, 2)
      .forEach((n) => (n.preview = true));
    subjects.push({
      id,
      name: str(o.name) ?? str(o.title) ?? id,
      title: str(o.title) ?? str(o.name) ?? id,
      description: str(o.description) ?? '',
      safetyNote: null,
      position,
      modules,
      nodes,
      quizItems,
      lectures: null,
      sourceNodeIds: listedNodes.map((n) => n.id),
      skippedQuizIds: skipped.filter((x) => x.subject === id).map((x) => x.id),
    });
  }
  return { subjects, challenges: [], skipped, warnings: [] };
}
