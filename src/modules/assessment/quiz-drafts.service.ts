import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { contentHash } from '../../common/content-hash';
import { DetailedHttpException } from '../../common/http/detailed-http.exception';
import { tooCloseToAssessment } from '../../content/content-loader';
import type { QuizItemUse, StoredDraftItem } from './entities';
import type { PublicQuizItem } from './quiz-items.service';
import { QuizDraftsRepository } from './quiz-drafts.repository';

/** A quiz item as the Studio edits it: answer and explanation included (studio only). */
export type StudioQuizItem = StoredDraftItem & { use: QuizItemUse };

/** An item as the editor sends it: a new one has no id yet. */
export type StudioQuizItemInput = Omit<StudioQuizItem, 'id'> & { id?: string };

/** Only the fields an item is made of, in a stable order (for comparing and hashing). */
function canonical(i: StoredDraftItem): StudioQuizItem {
  return {
    id: i.id,
    stem: i.stem,
    choices: (Array.isArray(i.choices) ? i.choices : []).map((c) => ({ id: String(c.id), text: String(c.text ?? '') })),
    correct: i.correct,
    explanation: i.explanation ?? '',
    difficulty: Number(i.difficulty),
    use: i.use === 'check' ? 'check' : 'assessment',
  };
}

const sameItems = (a: StoredDraftItem[], b: StoredDraftItem[]) =>
  contentHash(a.map(canonical)) === contentHash(b.map(canonical));

/**
 * The Studio's draft quiz items: the graph's draft and publish call this port, so the correct answers stay in
 * assessment's tables (`quiz_item_drafts`, then `quiz_items`). Methods taking `em` run in the caller's transaction.
 */
@Injectable()
export class QuizDraftsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: QuizDraftsRepository,
  ) {}

  /** A topic's items as the editor reads them: the draft's when it has one (`draft`), else the published ones. */
  async studioItems(
    em: EntityManager,
    subjectId: string,
    nodeId: string,
  ): Promise<{ items: StudioQuizItem[]; draft: boolean }> {
    const draft = await this.repo.findDraft(em, subjectId, nodeId);
    if (draft) return { items: draft.map(canonical), draft: true };
    return { items: (await this.repo.publishedItems(em, subjectId, nodeId)).map(canonical), draft: false };
  }

  /**
   * Saves a topic's draft items. A new item gets a free id (`<topic>-q<n>`); an id used twice in the list or by
   * another topic of the subject is a 400 naming the item (`quiz[i].id`). Answers the items as saved.
   */
  async saveDraft(
    em: EntityManager,
    subjectId: string,
    nodeId: string,
    input: StudioQuizItemInput[],
    userId: string,
  ): Promise<StudioQuizItem[]> {
    const given = input.map((i) => i.id).filter((id): id is string => !!id);
    const seen = new Set<string>();
    for (const [i, item] of input.entries()) {
      if (!item.id) continue;
      if (seen.has(item.id)) throw fieldError(`quiz[${i}].id`, `quiz item ids must be unique ("${item.id}" twice)`);
      seen.add(item.id);
    }
    const others = new Map((await this.repo.itemIdsOfOtherNodes(em, subjectId, nodeId, given)).map((r) => [r.id, r]));
    for (const [i, item] of input.entries()) {
      const other = item.id ? others.get(item.id) : undefined;
      if (other) throw fieldError(`quiz[${i}].id`, `"${item.id}" is the id of a quiz item of ${other.nodeId}`);
    }
    let n = 0;
    const freshId = async (): Promise<string> => {
      for (;;) {
        const id = `${nodeId}-q${++n}`;
        if (seen.has(id)) continue;
        if ((await this.repo.itemIdsOfOtherNodes(em, subjectId, nodeId, [id])).length > 0) continue;
        seen.add(id);
        return id;
      }
    };
    // A check item's answer has been shown to learners: it can never become a test item again.
    const published = new Map((await this.repo.publishedItems(em, subjectId, nodeId)).map((p) => [p.id, p]));
    for (const [i, item] of input.entries()) {
      if (item.id && item.use !== 'check' && published.get(item.id)?.use === 'check')
        throw fieldError(
          `quiz[${i}].use`,
          `"${item.id}" has been shown to learners with its answer as a check item, so it cannot become an assessment item; add a new assessment item instead`,
        );
    }
    // Revealing a check item must not give a test item away (the content packs' rule, content/README.md).
    for (const [i, item] of input.entries()) {
      if (item.use !== 'check') continue;
      for (const [j, test] of input.entries()) {
        if (test.use === 'check') continue;
        if (tooCloseToAssessment(item.stem, test.stem))
          throw fieldError(
            `quiz[${i}].stem`,
            `this check item is too close to assessment item quiz[${j}]: revealing its answer would give the test away`,
          );
      }
    }
    const items: StudioQuizItem[] = [];
    for (const item of input) items.push(canonical({ ...item, id: item.id ?? (await freshId()) }));
    // saved even when equal to the published items, like the rest of the draft: publishing skips what did not change
    await this.repo.upsertDraft(em, subjectId, nodeId, items, userId);
    return items;
  }

  /**
   * The draft's check items of a topic as a learner is served them on the topic page (no answer, no
   * explanation); null without a draft.
   */
  async previewItems(subjectId: string, nodeId: string): Promise<PublicQuizItem[] | null> {
    const draft = await this.repo.findDraft(this.em, subjectId, nodeId);
    return draft
      ? draft
          .filter((i) => i.use === 'check')
          .map((i) => ({
            id: i.id,
            nodeId,
            stem: i.stem,
            choices: i.choices.map((c) => ({ id: c.id, text: c.text })),
          }))
      : null;
  }

  /** A fingerprint of each topic's draft items (no answers leave: only hashes), for ETags and draft marks. */
  async draftDigests(em: EntityManager, subjectId: string): Promise<Map<string, string>> {
    const drafts = await this.repo.drafts(em, subjectId);
    return new Map(drafts.map((d) => [d.nodeId, contentHash(d.items.map(canonical))]));
  }

  /**
   * Publishes the subject's draft items in the caller's transaction (the graph's publish): the items of each of
   * `topics` (the published ones) become its draft's; drafts of other topics (added and retired again, never
   * published) are dropped, and every draft is cleared. Answers the topics whose items changed.
   */
  async publishDrafts(em: EntityManager, subjectId: string, topics: ReadonlySet<string>): Promise<string[]> {
    const drafts = await this.repo.drafts(em, subjectId, true);
    const changed: string[] = [];
    for (const d of drafts) {
      if (!topics.has(d.nodeId)) continue;
      const published = await this.repo.publishedItems(em, subjectId, d.nodeId);
      if (sameItems(d.items, published)) continue;
      await this.repo.replaceNodeItems(em, subjectId, d.nodeId, d.items.map(canonical));
      changed.push(d.nodeId);
    }
    await this.repo.deleteDrafts(em, subjectId);
    return changed;
  }

  /**
   * The number of check items of each topic as the next publish makes them (the draft's items when a topic has a
   * draft, else the published ones): the outline shows it, since learners' topic check and practice need 2.
   */
  async checkItemCounts(em: EntityManager, subjectId: string): Promise<Map<string, number>> {
    const counts = new Map(
      (await this.repo.publishedCheckCounts(em, subjectId)).map((r) => [r.nodeId, Number(r.checks)]),
    );
    for (const d of await this.repo.drafts(em, subjectId))
      counts.set(d.nodeId, d.items.filter((i) => i.use === 'check').length);
    return counts;
  }

  /** Discards the subject's draft items (the Versions screen's reset); answers the topics that had one. */
  discardDrafts(em: EntityManager, subjectId: string): Promise<string[]> {
    return this.repo.deleteDrafts(em, subjectId);
  }
}

function fieldError(field: string, reason: string): DetailedHttpException {
  return new DetailedHttpException(400, `${field}: ${reason}`, { field });
}
