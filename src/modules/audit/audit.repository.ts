import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AuditAction, AuditPageQuery, AuditRecord, AuditTargetType, NewAuditEntry } from './audit.types';

type Row = {
  id: string;
  actor_id: string;
  target_user_id: string | null;
  target_job_id: string | null;
  target_type: AuditTargetType | null;
  target_id: string | null;
  action: AuditAction;
  details: Record<string, unknown> | null;
  created_at: Date | string;
};

const toRecord = (r: Row): AuditRecord => ({
  id: r.id,
  actorId: r.actor_id,
  targetUserId: r.target_user_id,
  targetJobId: r.target_job_id,
  targetType: r.target_type,
  targetId: r.target_id,
  action: r.action,
  details: r.details ?? {},
  // raw queries give timestamps as the driver does (strings)
  createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
});

/** The rows of `admin_audit`: appended, never changed. */
@Injectable()
export class AuditRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(em: EntityManager, entry: NewAuditEntry): Promise<void> {
    const userId = 'userId' in entry.target ? entry.target.userId : null;
    const jobId = 'jobId' in entry.target ? entry.target.jobId : null;
    const [targetType, targetId] = 'type' in entry.target ? [entry.target.type, entry.target.id] : [null, null];
    // clock_timestamp, not now(): several entries of one transaction keep their order
    await em.execute(
      `insert into admin_audit (id, actor_id, target_user_id, target_job_id, target_type, target_id, action, details, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?::jsonb, clock_timestamp())`,
      [entry.actorId, userId, jobId, targetType, targetId, entry.action, JSON.stringify(entry.details)],
    );
  }

  async page(query: AuditPageQuery): Promise<{ rows: AuditRecord[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    for (const [column, value] of [
      ['target_user_id', query.targetUserId],
      ['actor_id', query.actorId],
      ['action', query.action],
      ['target_type', query.targetType],
      ['target_id', query.targetId],
    ] as const) {
      if (value === undefined) continue;
      where.push(`${column} = ?`);
      params.push(value);
    }
    const whereSql = where.length ? `where ${where.join(' and ')}` : '';
    const direction = query.order === 'ASC' ? 'asc' : 'desc';
    const [[{ total }], rows] = await Promise.all([
      this.em.execute<{ total: string }[]>(`select count(*) as total from admin_audit ${whereSql}`, params),
      this.em.execute<Row[]>(
        `select id, actor_id, target_user_id, target_job_id, target_type, target_id, action, details, created_at
           from admin_audit ${whereSql}
          order by created_at ${direction}, id ${direction} offset ? limit ?`,
        [...params, query.offset, query.limit],
      ),
    ]);
    return { rows: rows.map(toRecord), total: Number(total) };
  }
}
