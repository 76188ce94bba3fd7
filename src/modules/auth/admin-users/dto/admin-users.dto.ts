import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { type Role, ROLES } from '../../../../common/decorators/roles.decorator';
import { raListQueryDto, type RaListSpec } from '../../../../common/http/ra-list';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from '../../../audit/audit.types';
import type { TagSource } from '../../entities/user-tag.entity';
import type { ManagedUser, UserTagRecord, UserUnlockRecord } from '../admin-users.repository';
import type { AuditEntry } from '../admin-users.service';

// ── users ───────────────────────────────────────────────────────────────────────────────────────

export const USER_SORT_FIELDS = ['email', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

const USER_FILTERS = { q: 'string', id: 'ids' } as const;

/** What `GET /api/admin/users` sorts and filters by: newest accounts first unless asked otherwise. */
export const USER_LIST: RaListSpec<UserSortField, typeof USER_FILTERS> = {
  resource: 'users',
  sortFields: USER_SORT_FIELDS,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filters: USER_FILTERS,
  maxPageSize: 100,
};

export class UserListQueryDto extends raListQueryDto({
  sortFields: USER_SORT_FIELDS,
  sortExample: '["email","ASC"]',
  filter: 'q (part of the e-mail, any case), id (list of user ids)',
  filterExample: '{"q":"example.com"}',
  maxPageSize: USER_LIST.maxPageSize,
}) {}

/** A user id in the path. Any text up to 100 characters: a malformed id is simply an unknown user (404). */
export class UserIdParam {
  @ApiProperty({ format: 'uuid' })
  @IsString()
  @MinLength(1)
  @MaxLength(100, { message: 'User not found' })
  id!: string;
}

export class UserResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'learner@example.com' }) email!: string;
  @ApiProperty({ description: 'whether the e-mail address is verified' }) verified!: boolean;
  @ApiProperty({ enum: ROLES, isArray: true, example: ['learner', 'studio'] }) roles!: Role[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export function toUserResponse(user: ManagedUser): UserResponse {
  return {
    id: user.id,
    email: user.email,
    verified: user.verified,
    roles: user.roles,
    createdAt: user.createdAt.toISOString(),
  };
}

// ── roles ───────────────────────────────────────────────────────────────────────────────────────

export class SetRolesDto {
  @ApiProperty({
    enum: ROLES,
    isArray: true,
    example: ['learner', 'clinician'],
    description: 'the whole new set of roles: at least one, each once',
  })
  @IsArray({ message: 'roles must be a list of roles' })
  @ArrayMinSize(1, { message: 'roles must name at least one role' })
  @ArrayMaxSize(ROLES.length, { message: `roles may name at most ${ROLES.length} roles` })
  @ArrayUnique({ message: 'roles must not name a role twice' })
  @IsIn(ROLES, { each: true, message: `each role must be one of: ${ROLES.join(', ')}` })
  roles!: Role[];
}

// ── tags ────────────────────────────────────────────────────────────────────────────────────────

export const TAG_MAX_LENGTH = 64;

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class TagDto {
  @ApiProperty({
    example: 'vagus-foundations-passed',
    minLength: 1,
    maxLength: TAG_MAX_LENGTH,
    description: 'trimmed; printable characters only',
  })
  @Transform(trimmed)
  @IsString({ message: 'tag must be a string' })
  @MinLength(1, { message: 'tag must not be blank' })
  @MaxLength(TAG_MAX_LENGTH, { message: `tag must be at most ${TAG_MAX_LENGTH} characters` })
  @Matches(/^[^\p{C}]+$/u, { message: 'tag must not contain control characters' })
  tag!: string;
}

/** `POST /api/admin/users/{id}/tags`: a staff tag, hidden from its learner unless `learnerVisible`. */
export class AddTagDto extends TagDto {
  @ApiPropertyOptional({ default: false, description: 'whether the learner sees it (GET /api/me/tags)' })
  @IsOptional()
  @IsBoolean({ message: 'learnerVisible must be true or false' })
  learnerVisible?: boolean;
}

/** `PUT /api/admin/users/{id}/tags`: shows or hides one of the user's tags from them. */
export class SetTagVisibilityDto extends TagDto {
  @ApiProperty({ description: 'whether the learner sees it (GET /api/me/tags)' })
  @IsBoolean({ message: 'learnerVisible must be true or false' })
  learnerVisible!: boolean;
}

const TAG_SOURCES = Object.keys({ gating: true, staff: true } satisfies Record<TagSource, true>);

export class UserTagResponse {
  @ApiProperty({ example: 'vagus-foundations-passed' }) tag!: string;
  @ApiProperty({ enum: TAG_SOURCES, description: "gating: the product's tests gave it; staff: an admin added it" })
  source!: TagSource;
  @ApiProperty({ description: 'whether the learner sees it (GET /api/me/tags)' }) learnerVisible!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export const toUserTagResponse = (row: UserTagRecord): UserTagResponse => ({
  tag: row.tag,
  source: row.source,
  learnerVisible: row.learnerVisible,
  createdAt: row.createdAt.toISOString(),
});

// ── unlocks ─────────────────────────────────────────────────────────────────────────────────────

const ID_MAX_LENGTH = 200;

export class UnlockDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @Transform(trimmed)
  @IsString({ message: 'subjectId must be a string' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(ID_MAX_LENGTH, { message: `subjectId must be at most ${ID_MAX_LENGTH} characters` })
  subjectId!: string;

  @ApiProperty({ example: 'vn-foundations', description: 'a module of the subject' })
  @Transform(trimmed)
  @IsString({ message: 'moduleId must be a string' })
  @MinLength(1, { message: 'moduleId is required' })
  @MaxLength(ID_MAX_LENGTH, { message: `moduleId must be at most ${ID_MAX_LENGTH} characters` })
  moduleId!: string;
}

export class UnlockListQuery {
  @ApiPropertyOptional({ example: 'vagus-nerve', description: "only this subject's unlocks" })
  @IsOptional()
  @IsString({ message: 'subjectId must be a string' })
  @MinLength(1, { message: 'subjectId must not be empty' })
  @MaxLength(ID_MAX_LENGTH, { message: `subjectId must be at most ${ID_MAX_LENGTH} characters` })
  subjectId?: string;
}

export class UserUnlockResponse {
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ example: 'vn-foundations' }) moduleId!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export const toUserUnlockResponse = (row: UserUnlockRecord): UserUnlockResponse => ({
  subjectId: row.subjectId,
  moduleId: row.moduleId,
  createdAt: row.createdAt.toISOString(),
});

// ── audit ───────────────────────────────────────────────────────────────────────────────────────

export const AUDIT_SORT_FIELDS = ['createdAt'] as const;
export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];

const AUDIT_FILTERS = {
  targetUserId: 'string',
  actorId: 'string',
  action: 'string',
  targetType: 'string',
  targetId: 'string',
} as const;

/** What `GET /api/admin/audit` sorts and filters by: newest first. */
export const AUDIT_LIST: RaListSpec<AuditSortField, typeof AUDIT_FILTERS> = {
  resource: 'audit',
  sortFields: AUDIT_SORT_FIELDS,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filters: AUDIT_FILTERS,
  maxPageSize: 100,
};

export class AuditListQueryDto extends raListQueryDto({
  sortFields: AUDIT_SORT_FIELDS,
  sortExample: '["createdAt","DESC"]',
  filter: `targetUserId (a user id), actorId (a user id), action (${AUDIT_ACTIONS.join(', ')}), targetType (${AUDIT_TARGET_TYPES.join(', ')}), targetId`,
  filterExample: '{"targetUserId":"6f1c…"}',
  maxPageSize: AUDIT_LIST.maxPageSize,
}) {}

export class AuditEntryResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid', description: 'the admin or studio user who made the change' })
  actorId!: string;
  @ApiProperty({ nullable: true, type: String, description: "the actor's e-mail (null once the account is gone)" })
  actorEmail!: string | null;
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'the user whose access changed (null on other entries)',
  })
  targetUserId!: string | null;
  @ApiProperty({ nullable: true, type: String }) targetEmail!: string | null;
  @ApiPropertyOptional({ description: 'job.* only: the generation job that was cancelled or retried' })
  targetJobId?: string;
  @ApiPropertyOptional({
    enum: AUDIT_TARGET_TYPES,
    description: 'what targetId names; absent on the entries of users (targetUserId) and generation jobs (targetJobId)',
  })
  targetType?: AuditTargetType;
  @ApiPropertyOptional({
    description:
      'the subject (version.*, course.visibility), media file (media.*), certificate, submission (review.grade), queue (queue.*) or queue job (queue.job.*, its queue in details)',
  })
  targetId?: string;
  @ApiProperty({ enum: AUDIT_ACTIONS }) action!: AuditAction;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'roles.set: {before, after}; tag.*: {tag}; unlock.*: {subjectId, moduleId}; job.*: {kind, subjectId, status}; version.publish: {version, changedNodes}; version.reset: {discardedNodes}; course.visibility: {before, after}; media.upload: {subjectId, fileName, kind, size, originalName}; media.attach: {subjectId, nodeId, fileName}; certificate.revoke: {reason, challengeId, userId}; review.grade: {passed, score, challengeId, day, userId}; queue.*: {queue, status?, all?}; queue.job.*: {queue, jobId}',
    example: { before: ['learner'], after: ['learner', 'clinician'] },
  })
  details!: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export const toAuditEntryResponse = (entry: AuditEntry): AuditEntryResponse => ({
  id: entry.id,
  actorId: entry.actorId,
  actorEmail: entry.actorEmail,
  targetUserId: entry.targetUserId,
  targetEmail: entry.targetEmail,
  ...(entry.targetJobId ? { targetJobId: entry.targetJobId } : {}),
  ...(entry.targetType && entry.targetId ? { targetType: entry.targetType, targetId: entry.targetId } : {}),
  action: entry.action,
  details: entry.details,
  createdAt: entry.createdAt.toISOString(),
});
