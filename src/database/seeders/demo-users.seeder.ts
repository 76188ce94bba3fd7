import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import type { Role } from '../../common/decorators/roles.decorator';
import { User, UserRole } from '../../modules/auth/entities';
import { hashPassword } from '../../modules/auth/password';

export const DEMO_ACCOUNTS: { email: string; roles: Role[] }[] = [
  { email: 'learner@example.com', roles: ['learner'] },
  { email: 'studio@example.com', roles: ['learner', 'studio'] },
  { email: 'admin@example.com', roles: ['learner', 'studio', 'admin'] },
  { email: 'clinician@example.com', roles: ['learner', 'clinician'] },
];

/**
 * Demo accounts with verified e-mails. Existing accounts keep their password and
 * only gain missing roles, so re-running the seeder never undoes a user's change.
 */
export class DemoUsersSeeder extends Seeder {
  constructor(private readonly password = 'demo-password') {
    super();
  }

  async run(em: EntityManager): Promise<void> {
    const passwordHash = await hashPassword(this.password);
    for (const account of DEMO_ACCOUNTS) {
      const existing = await em.findOne(User, { email: account.email }, { populate: ['roles'] });
      const user = existing ?? em.create(User, { email: account.email, passwordHash, emailVerifiedAt: new Date() });
      const have = new Set(existing ? existing.roles.getItems().map((r) => r.role) : []);
      for (const role of account.roles) {
        if (!have.has(role)) em.create(UserRole, { user, role });
      }
    }
    await em.flush();
  }
}
