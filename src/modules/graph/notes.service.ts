import { Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type NoteResponse, toNoteResponse } from './dto/notes.dto';
import { GraphRepository } from './graph.repository';
import { TOPIC_NOT_FOUND } from './graph.service';
import { NotesRepository } from './notes.repository';

export const NOTE_NOT_FOUND = 'Note not found';

/** A learner's own notes; another user's note answers as if it did not exist. */
@Injectable()
export class NotesService {
  constructor(
    private readonly repo: NotesRepository,
    private readonly graph: GraphRepository,
  ) {}

  async list(userId: string, subjectId?: string): Promise<NoteResponse[]> {
    return (await this.repo.list(userId, subjectId ?? null)).map(toNoteResponse);
  }

  /** `subjectId` is the entitlement guard's resolved id. */
  async create(userId: string, subjectId: string, nodeId: string | undefined, text: string): Promise<NoteResponse> {
    if (nodeId && !(await this.graph.findNode(subjectId, nodeId))) throw new NotFoundException(TOPIC_NOT_FOUND);
    const id = randomUUID();
    await this.repo.insert(id, userId, subjectId, nodeId ?? null, text.trim());
    return this.get(userId, id);
  }

  async update(userId: string, id: string, text: string): Promise<NoteResponse> {
    if (!(await this.repo.updateText(userId, id, text.trim()))) throw new NotFoundException(NOTE_NOT_FOUND);
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.repo.delete(userId, id))) throw new NotFoundException(NOTE_NOT_FOUND);
  }

  private async get(userId: string, id: string): Promise<NoteResponse> {
    const row = await this.repo.find(userId, id);
    if (!row) throw new NotFoundException(NOTE_NOT_FOUND);
    return toNoteResponse(row);
  }
}
