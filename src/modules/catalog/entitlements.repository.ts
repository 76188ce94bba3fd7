import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { EntitlementStatus } from './entities';

export interface EntitlementRecord {
  subject_id: string;
  status: EntitlementStatus;
  created_at: string;
}

/** A paid checkout session with its subject's names. */
export interface PurchaseRecord {
  id: string;
  subject_id: string;
  name: string;
  title: string;
  amount: number;
  currency: string;
  completed_at: string;
}

@Injectable()
export class EntitlementsRepository {
  constructor(private readonly em: EntityManager) {}

  listActive(userId: string): Promise<EntitlementRecord[]> {
    return this.em.execute(
      `select subject_id, status, created_at from user_entitlements where user_id = ? and status = 'active' order by created_at`,
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
      `select c.id, c.subject_id, s.name, s.title, c.amount, c.currency, c.completed_at
         from checkout_sessions c join subjects s on s.id = c.subject_id
        where c.user_id = ? and c.status = 'paid' order by c.completed_at desc`,
      [userId],
    );
  }
}
