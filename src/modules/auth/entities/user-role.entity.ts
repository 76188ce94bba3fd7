import { Entity, ManyToOne, PrimaryKey, Property, OptionalProps, type Rel } from '@mikro-orm/core';
import type { Role } from '../../../common/decorators/roles.decorator';
import { User } from './user.entity';

@Entity({ tableName: 'user_roles' })
export class UserRole {
  [OptionalProps]?: 'createdAt';

  @ManyToOne(() => User, { primary: true, deleteRule: 'cascade', fieldName: 'user_id' })
  user!: Rel<User>;

  @PrimaryKey({ type: 'text' })
  role!: Role;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
