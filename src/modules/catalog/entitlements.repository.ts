import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { EntitlementStatus } from './entities';

export interface EntitlementRecord {
  subjectId: string;
  status: EntitlementStatus;
  createdAt: string;
}

/** A paid checkout session with its subject's names. */
export interface PurchaseRecord {
  id: string;
  subjectId: string;
  name: string;
  title: string;
  amount: number;
  currency: string;
  completedAt: string;
}

@Injectable()
export class EntitlementsRepository {
  constructor(private readonly em: EntityManager) {}

  listActive(userId: string): Promise<EntitlementRecord[]> {
    return this.em.execute(
      `select subject_id as "subjectId", status, created_at as "createdAt" from user_entitlements
        where user_id = ? and status = 'active' order by created_at`,
      [userId],
    );
  }

  async hasActive(userId: string, subjectId: string): Promise<boolean> {
    const rows = await this.em.execute<{ ok: number }[]>(
      `select 1 as ok from user_entitlements where user_id = ? and subject_id = ? and status = 'active'`,
      [userId, subjectId],
    );
    return rows.length > 0;
  }

  listPurchases(userId: string): Promise<PurchaseRecord[]> {
    return this.em.execute(
      `select c.id, c.subject_id as "subjectId", s.name, s.title, c.amount, c.currency, c.completed_at as "completedAt"
         from checkout_sessions c join subjects s on s.id = c.subject_id
        where c.user_id = ? and c.status = 'paid' order by c.completed_at desc`,
      [userId],
    );
  }
}
