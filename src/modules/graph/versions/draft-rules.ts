import { createHash } from 'node:crypto';
import { sanitizerDrops } from '../../../common/html/sanitize-diff';
import { NODE_ID_PATTERN } from '../structure/dto/topic-ref.dto';
import { type DraftContent, VARIANT_KEYS, type VariantKey } from './draft-types';
import type { NodeContentRecord, PublishedNodeRecord } from './versions.repository';

/** A refused field of a draft: its path and the message that names it. */
export interface FieldProblem {
  field: string;
  message: string;
}

function videoOf(v: unknown): DraftContent['video'] {
  if (!v || typeof v !== 'object') return null;
  const { url, title } = v as { url?: unknown; title?: unknown };
  return typeof url === 'string' && url ? { url, title: typeof title === 'string' ? title : '' } : null;
}

/**
 * A topic's draft: the draft's value of each field where the draft has one, else the published value (drafts
 * saved before issue 25 hold only title, summary, variants, sources and video). Null without either.
 */
export function resolveDraft(published: PublishedNodeRecord | null, overlay: NodeContentRecord | null): DraftContent {
  const base = published;
  const variants = (overlay?.variants ?? base?.variants ?? {}) as Record<string, string>;
  return {
    title: overlay?.title ?? base?.title ?? '',
    summaryHtml: overlay?.summaryHtml ?? base?.summaryHtml ?? '',
    lessonHtml: overlay?.lessonHtml ?? base?.lessonHtml ?? '',
    variants: Object.fromEntries(VARIANT_KEYS.map((k) => [k, variants[k] ?? ''])) as Record<VariantKey, string>,
    sources: (overlay?.sources ?? base?.sources ?? []).map((s) => ({ title: s.title, url: s.url, type: s.type })),
    // an overlay saved before videos were tracked has none: the published one holds
    video: videoOf(overlay?.video !== undefined ? overlay.video : base?.video),
    moduleId: overlay?.moduleId ?? base?.moduleId ?? '',
    prerequisites: [...(overlay?.prerequisites ?? base?.prerequisites ?? [])],
    position: overlay?.position ?? base?.position ?? 0,
    retired: overlay?.retired ?? base?.retired ?? false,
  };
}

/** A strong ETag of a value (its canonical JSON). */
export function etagOf(value: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-Match header names this ETag (a list, weak forms and `*` included). */
export function ifMatches(ifMatch: string, etag: string): boolean {
  if (ifMatch.trim() === '*') return true;
  return ifMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * The path of the cycle that `nodeId` building on `prerequisites` would close, as `[nodeId, …, nodeId]`, or null.
 * `buildsOn` gives every other topic's prerequisites.
 */
export function findCycle(
  nodeId: string,
  prerequisites: string[],
  buildsOn: (id: string) => readonly string[],
): string[] | null {
  const seen = new Set<string>();
  // depth-first from each new prerequisite, following "builds on" edges back to nodeId
  const walk = (id: string, path: string[]): string[] | null => {
    if (id === nodeId) return [...path, id];
    if (seen.has(id)) return null;
    seen.add(id);
    for (const next of buildsOn(id)) {
      const found = walk(next, [...path, id]);
      if (found) return found;
    }
    return null;
  };
  for (const p of prerequisites) {
    if (p === nodeId) continue;
    const found = walk(p, [nodeId]);
    if (found) return found;
  }
  return null;
}

/** What a draft save checks that needs no database: html the sanitiser would change, quiz items. */
export function contentProblem(draft: {
  summaryHtml: string;
  lessonHtml: string;
  variants: Record<VariantKey, string>;
  quiz: { choices: { id: string }[]; correct: string; use?: string }[];
}): FieldProblem | null {
  const html: [string, string][] = [
    ['summary_html', draft.summaryHtml],
    ['lesson_html', draft.lessonHtml],
    ...VARIANT_KEYS.map((k): [string, string] => [`variants.${k}`, draft.variants[k]]),
  ];
  for (const [field, value] of html) {
    const drops = sanitizerDrops(value);
    if (drops.length)
      return { field, message: `${field}: would be removed when shown to learners: ${drops.join(', ')}` };
  }
  for (const [i, item] of draft.quiz.entries()) {
    if (item.use !== undefined && item.use !== 'check' && item.use !== 'assessment')
      return { field: `quiz[${i}].use`, message: `quiz[${i}].use: must be check or assessment` };
    const ids = item.choices.map((c) => c.id);
    if (ids.length < 2) return { field: `quiz[${i}].choices`, message: `quiz[${i}].choices: at least 2 choices` };
    if (ids.length > 8) return { field: `quiz[${i}].choices`, message: `quiz[${i}].choices: at most 8 choices` };
    if (new Set(ids).size !== ids.length)
      return { field: `quiz[${i}].choices`, message: `quiz[${i}].choices: choice ids must be unique` };
    if (!ids.includes(item.correct))
      return {
        field: `quiz[${i}].correct`,
        message: `quiz[${i}].correct: "${item.correct}" is not one of its choices (${ids.join(', ')})`,
      };
  }
  return null;
}

/** A topic id made from a title (`Heart Rate & HRV` → `heart-rate-hrv`), unique against `taken`. */
export function slugId(title: string, taken: (id: string) => boolean): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'topic';
  const id = NODE_ID_PATTERN.test(base) ? base : 'topic';
  if (!taken(id)) return id;
  for (let n = 2; ; n++) if (!taken(`${id}-${n}`)) return `${id}-${n}`;
}
