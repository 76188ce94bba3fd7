import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';
import type { PutTtsOverridesDto, TtsOverrideEntry, TtsOverridesResponse } from './dto/tts-overrides.dto';
import { type OverrideRecord, TtsRepository } from './tts.repository';
import { CatalogService } from '../../catalog/catalog.service';
import { type TtsSubjectResponse, toTtsSubjectResponse } from './dto/tts-subject.dto';

export function toOverridesResponse(rows: OverrideRecord[]): TtsOverridesResponse {
  const overrides: Record<string, TtsOverrideEntry> = {};
  for (const r of rows) {
    const entry: TtsOverrideEntry = {};
    if (r.text !== null) entry.text = r.text;
    if (r.voiceId !== null) entry.voiceId = r.voiceId;
    overrides[r.sectionId] = entry;
  }
  return { overrides };
}

/** Studio's per-section text and voice overrides, and the subjects' audio counts. */
@Injectable()
export class TtsOverridesService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: TtsRepository,
    private readonly catalog: CatalogService,
  ) {}

  async subjects(): Promise<TtsSubjectResponse[]> {
    const rows = await this.repo.subjects();
    const names = await Promise.all(
      rows.map(async (r) => (await this.catalog.subjectSummary(r.subject))?.name ?? null),
    );
    return rows.map((r, i) => toTtsSubjectResponse(r, names[i]));
  }

  async get(subjectId: string): Promise<TtsOverridesResponse> {
    return toOverridesResponse(await this.repo.overrides(subjectId));
  }

  /** Replaces every override of the subject; an entry with neither text nor voice (or null) removes one. */
  async put(subjectId: string, dto: PutTtsOverridesDto, userId: string): Promise<TtsOverridesResponse> {
    const known = new Set(await this.repo.sectionIds(subjectId));
    const rows: OverrideRecord[] = [];
    for (const [sectionId, entry] of Object.entries(dto.overrides)) {
      if (!known.has(sectionId))
        throw new BadRequestException(`overrides: ${sectionId} is not a section of ${subjectId}`);
      const text = entry?.text?.trim() ? entry.text : null;
      const voiceId = entry?.voiceId ? entry.voiceId : null;
      if (text !== null || voiceId !== null) rows.push({ sectionId, text, voiceId });
    }
    await this.em.transactional((em) => this.repo.replaceOverrides(em, subjectId, rows, userId));
    return this.get(subjectId);
  }
}
