import { ApiProperty } from '@nestjs/swagger';
import { ByteBoundedMemo } from '../../common/cache/byte-bounded-memo';
import { sanitize } from '../../common/html/sanitize';
import type { PublicQuizItem, TopicCheckItem } from '../assessment/quiz-items.service';
import type { NodeDetailRecord } from './graph.repository';
import type { Topic } from './structure/topic-reader.service';
import { textOf } from './tutor/html-text';

/**
 * What the graph routes send, declared once (the OpenAPI document and the UIs' generated types follow
 * from these classes), with the mappers that decide it beside them.
 */

/**
 * Characters of a summary the graph list sends per topic (a card's teaser; the topic page has the
 * whole summary). Kept short because it is most of the list's bytes at 10,000 topics: 48 keeps the
 * list under a quarter of its former size (bench/graph: 140 characters would be 42%, 64 would be 28%).
 */
export const SUMMARY_EXCERPT_CHARS = 48;

/**
 * The shape of the graph list's bytes, part of its cache key: bytes stored in Redis by a release that
 * answered another shape are never served by this one, even under the same published generation.
 */
export const GRAPH_RESPONSE_SHAPE = 'nodes';

/**
 * The plain text of an html fragment (as the tutor reads it), cut at a word boundary to at most `max`
 * characters, with an ellipsis when cut: what a topic card shows of a summary.
 */
export function plainExcerpt(html: string | null | undefined, max: number): string {
  const text = textOf(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

// ---------------------------------------------------------------------------------------------
// GET /api/graph

export class GraphSubjectResponse {
  @ApiProperty({ example: 'vagus-nerve' }) id!: string;
  @ApiProperty({ example: 'Vagus Nerve' }) name!: string;
  @ApiProperty() title!: string;
}

export class GraphModuleResponse {
  @ApiProperty({ example: 'foundations' }) id!: string;
  @ApiProperty({ example: 'Anatomy & Foundations' }) title!: string;
}

/** One topic of the list: the spec's `id, title, category`, and what a topic card and the map need. */
export class GraphNodeResponse {
  @ApiProperty({ example: 'vn-anatomy' }) id!: string;
  @ApiProperty({ example: 'Anatomy: From Brainstem to Abdomen' }) title!: string;
  @ApiProperty({
    example: 'Anatomy & Foundations',
    description: "the module's title (its id when the module is not listed), as on the topic page",
  })
  category!: string;
  @ApiProperty({ example: 'foundations' }) moduleId!: string;
  @ApiProperty({ description: `plain-text excerpt of the summary, at most ${SUMMARY_EXCERPT_CHARS} characters` })
  summary!: string;
  @ApiProperty({ type: [String], description: 'ids of the listed topics it builds on, in reading order' })
  prerequisites!: string[];
}

/**
 * The latest published graph of a subject: the same for every learner (cached, with an ETag);
 * the caller's mastery is `GET /api/graph/mastery`.
 */
export class GraphResponse {
  @ApiProperty({ type: GraphSubjectResponse }) subject!: GraphSubjectResponse;
  @ApiProperty({ description: 'the latest published version; 0 while only the imported content exists' })
  version!: number;
  @ApiProperty({ type: [GraphModuleResponse] }) modules!: GraphModuleResponse[];
  @ApiProperty({ type: [GraphNodeResponse], description: 'in reading order' }) nodes!: GraphNodeResponse[];
}

/**
 * The published graph as sent: one object per topic in reading order, its category the module's
 * title, prerequisites by id (only listed topics), summaries as plain-text excerpts. Exported so the
 * benchmarks' bare baselines build exactly the same response.
 */
export function toGraphResponse(
  subject: { id: string; name: string; title: string },
  version: number,
  modules: { id: string; title: string }[],
  nodes: Pick<Topic, 'id' | 'title' | 'moduleId' | 'prerequisites' | 'summaryHtml'>[],
  excerpt: (html: string | undefined) => string = (html) => plainExcerpt(html, SUMMARY_EXCERPT_CHARS),
): GraphResponse {
  const moduleTitle = new Map(modules.map((m) => [m.id, m.title]));
  const listed = new Set(nodes.map((n) => n.id));
  return {
    subject: { id: subject.id, name: subject.name, title: subject.title },
    version,
    modules: modules.map((m) => ({ id: m.id, title: m.title })),
    nodes: nodes.map((n) => ({
      id: n.id,
      title: n.title,
      category: moduleTitle.get(n.moduleId) ?? n.moduleId,
      moduleId: n.moduleId,
      summary: excerpt(n.summaryHtml),
      prerequisites: n.prerequisites.filter((p) => listed.has(p)),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// GET /api/graph/mastery

/** The caller's P(known) (0..1) per topic with evidence; topics left out are 0. */
export class GraphMasteryResponse {
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, example: { 'vn-anatomy': 0.42 } })
  levels!: Record<string, number>;
}

export function toGraphMasteryResponse(subjectId: string, levels: Map<string, number>): GraphMasteryResponse {
  return { subjectId, levels: Object.fromEntries(levels) };
}

// ---------------------------------------------------------------------------------------------
// GET /api/graph/nodes/{id}

export class NodeSourceResponse {
  @ApiProperty({ example: 'Vagus nerve - Wikipedia' }) title!: string;
  @ApiProperty({ description: 'http(s) or same-origin; empty when the stored one was neither' }) url!: string;
  @ApiProperty({ example: 'encyclopedia' }) type!: string;
}

/**
 * A topic's video, ready to play: a media library video as a URL signed for the caller (expiring) with
 * its signed WebVTT captions (or null); an external video's URL as it is, with `captions: null`.
 */
export class NodeVideoResponse {
  @ApiProperty() url!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: String, nullable: true }) captions!: string | null;
}

/** A lecture recording as a learner plays it: URLs signed for the caller, captions (WebVTT) when made. */
export class LecturePlayableResponse {
  @ApiProperty() url!: string;
  @ApiProperty({ type: String, nullable: true }) captions!: string | null;
}

/** A topic's lecture (its lecture script section): the newest video, else the newest audio, and the script as transcript. */
export class NodeLectureResponse {
  @ApiProperty({ example: 'vn-anatomy' }) sectionId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'the lecture script (plain text): the transcript' }) text!: string;
  @ApiProperty({ type: LecturePlayableResponse, nullable: true }) video!: LecturePlayableResponse | null;
  @ApiProperty({ type: LecturePlayableResponse, nullable: true, description: 'only when there is no video' })
  audio!: LecturePlayableResponse | null;
}

export class NodePrerequisiteResponse {
  @ApiProperty({ example: 'vn-what-is-the-vagus-nerve' }) id!: string;
  @ApiProperty() title!: string;
}

export class MicroQuizChoiceResponse {
  @ApiProperty({ example: 'a' }) id!: string;
  @ApiProperty({ description: 'sanitised html' }) textHtml!: string;
}

/** The caller's first answer of a check item, and the key it revealed. */
export class MicroQuizAnsweredResponse {
  @ApiProperty({ example: 'b' }) answer!: string;
  @ApiProperty() correct!: boolean;
  @ApiProperty({ example: 'c' }) correctAnswer!: string;
  @ApiProperty({ description: 'sanitised html' }) explanation!: string;
}

/** A check item as a learner may see it: stem and choices; its answer only once the caller answered it. */
export class MicroQuizItemResponse {
  @ApiProperty({ example: 'vn-anatomy-q5' }) id!: string;
  @ApiProperty({ description: 'sanitised html' }) stemHtml!: string;
  @ApiProperty({ type: [MicroQuizChoiceResponse] }) choices!: MicroQuizChoiceResponse[];
  @ApiProperty({
    type: MicroQuizAnsweredResponse,
    nullable: true,
    description: "the caller's first answer, with the correct choice and the explanation; null before answering",
  })
  answered!: MicroQuizAnsweredResponse | null;
}

/** The topic's check: its check items and the caller's first answers. */
export class TopicCheckResponse {
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) answered!: number;
  @ApiProperty({ type: 'integer', description: 'first answers that were right' }) correct!: number;
  @ApiProperty({ description: 'more than half of the check items right the first time' }) passed!: boolean;
}

/** A topic page: the spec's topic node fields (snake_case as the spec names them), html sanitised. */
export class NodeDetailResponse {
  @ApiProperty({ example: 'vn-anatomy' }) id!: string;
  @ApiProperty({ example: 'vagus-nerve' }) subject_id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: "the module's title (its id when the module is not listed)" }) category!: string;
  @ApiProperty({ example: 'foundations' }) moduleId!: string;
  @ApiProperty({ description: 'sanitised html' }) summary_html!: string;
  @ApiProperty({
    description: `the graph card's plain-text summary (at most ${SUMMARY_EXCERPT_CHARS} characters): the published one, or the draft's when previewing`,
  })
  excerpt!: string;
  @ApiProperty({ description: 'sanitised html' }) lesson_html!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'sanitised html by name (beginner, advanced, practical, theoretical)',
  })
  variants!: Record<string, string>;
  @ApiProperty({ type: [NodeSourceResponse] }) sources!: NodeSourceResponse[];
  @ApiProperty({ type: NodeVideoResponse, nullable: true }) video!: NodeVideoResponse | null;
  @ApiProperty({ type: [NodePrerequisiteResponse] }) prerequisites!: NodePrerequisiteResponse[];
  @ApiProperty({ type: [MicroQuizItemResponse], description: "the topic's check items" })
  micro_quiz!: MicroQuizItemResponse[];
  @ApiProperty({ type: TopicCheckResponse }) check!: TopicCheckResponse;
  @ApiProperty({ description: 'check passed, or level at least 0.7 (README "Learning path")' }) complete!: boolean;
  @ApiProperty({ description: "the caller's P(known) of the topic, 0..1" }) mastery_level!: number;
  @ApiProperty({ description: 'whether the caller bookmarked it' }) bookmarked!: boolean;
}

// Sanitising the same lessons on every topic read costs far more than the query. The result depends
// only on the input html, so a memo is safe in any number of processes; it is bounded by the bytes it
// holds (a lesson can be 100 KiB), not by its number of entries.
const MEMO_BYTES = 32 * 1024 * 1024;
const memo = new ByteBoundedMemo(MEMO_BYTES);
function clean(html: string | null | undefined): string {
  return html ? memo.through(html, sanitize) : '';
}

/** Only http(s) and same-origin URLs reach a learner's browser. */
export function safeUrl(url: unknown): string {
  if (typeof url !== 'string') return '';
  const u = url.trim();
  if (u.startsWith('/') && !u.startsWith('//')) return u;
  return /^https?:\/\//i.test(u) ? u : '';
}

function toSources(raw: unknown): NodeSourceResponse[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((s) =>
    typeof s === 'string'
      ? { title: s, url: safeUrl(s), type: '' }
      : { title: String(s?.title ?? s?.url ?? ''), url: safeUrl(s?.url), type: String(s?.type ?? '') },
  );
}

function toVariants(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw && typeof raw === 'object')
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') out[k] = clean(v);
  return out;
}

function toMicroQuiz(items: (PublicQuizItem & { answered?: TopicCheckItem['answered'] })[]): MicroQuizItemResponse[] {
  return items.map((q) => ({
    id: q.id,
    stemHtml: clean(q.stem),
    choices: q.choices.map((c: { id: string; text?: string; textHtml?: string }) => ({
      id: String(c.id),
      textHtml: clean(c.textHtml ?? c.text ?? ''),
    })),
    answered: q.answered
      ? {
          answer: q.answered.answer,
          correct: q.answered.correct,
          correctAnswer: q.answered.correctAnswer,
          explanation: clean(q.answered.explanation),
        }
      : null,
  }));
}

/** What a topic page shows: the published node's, or the draft's when previewing it. */
export type NodePage = Pick<
  NodeDetailRecord,
  | 'id'
  | 'title'
  | 'category'
  | 'moduleId'
  | 'summaryHtml'
  | 'lessonHtml'
  | 'variants'
  | 'sources'
  | 'prerequisites'
  | 'bookmarked'
>;

export function toNodeDetailResponse(
  subjectId: string,
  page: NodePage,
  quiz: (PublicQuizItem & { answered?: TopicCheckItem['answered'] })[],
  level: number | null | undefined,
  video: NodeVideoResponse | null,
  progress: { check: TopicCheckResponse; complete: boolean },
): NodeDetailResponse {
  return {
    id: page.id,
    subject_id: subjectId,
    title: page.title,
    category: page.category,
    moduleId: page.moduleId,
    summary_html: clean(page.summaryHtml),
    excerpt: plainExcerpt(page.summaryHtml, SUMMARY_EXCERPT_CHARS),
    lesson_html: clean(page.lessonHtml),
    variants: toVariants(page.variants),
    sources: toSources(page.sources),
    video,
    prerequisites: page.prerequisites.map((p) => ({ id: p.id, title: p.title })),
    micro_quiz: toMicroQuiz(quiz),
    check: {
      total: progress.check.total,
      answered: progress.check.answered,
      correct: progress.check.correct,
      passed: progress.check.passed,
    },
    complete: progress.complete,
    mastery_level: level ?? 0,
    bookmarked: !!page.bookmarked,
  };
}
