import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { sanitize } from '../../../common/html/sanitize';
import type { TopicContent } from '../../graph/structure/topic-reader.service';
import type { CoursePreview } from '../catalog.service';
import type { PriceRecord, SubjectRecord } from '../catalog.repository';
import type { EntitlementStatus } from '../entities';
import type { EntitlementRecord, PurchaseRecord } from '../entitlements.repository';

export class SubjectsQuery {
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'detailed must be true or false' })
  detailed?: 'true' | 'false';
}

export class SubjectQuery {
  @ApiProperty({ description: 'subject id, name or title', example: 'vagus-nerve' })
  @IsString({ message: 'subject is required' })
  @MinLength(1, { message: 'subject is required' })
  @MaxLength(200)
  subject!: string;
}

export class CreateCheckoutDto {
  @ApiProperty({ example: 'vagus-nerve' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1, { message: 'subjectId is required' })
  @MaxLength(200)
  subjectId!: string;

  @ApiProperty({ example: 'price_vagus_nerve' })
  @IsString({ message: 'priceId is required' })
  @MinLength(1, { message: 'priceId is required' })
  @MaxLength(200)
  priceId!: string;
}

export class VerifyCheckoutDto {
  @ApiProperty({ example: 'cs_dev_…' })
  @IsString({ message: 'session_id is required' })
  @Matches(/^cs_[A-Za-z0-9_]{4,200}$/, { message: 'session_id is not a checkout session id' })
  session_id!: string;
}

export class SessionIdParam {
  @ApiProperty({ example: 'cs_dev_3f2a…' })
  @IsString()
  @Matches(/^cs_[A-Za-z0-9_]{4,200}$/, { message: 'not a checkout session id' })
  id!: string;
}

export class PublishCourseDto {
  @ApiProperty({ example: 'ai-user' })
  @IsString({ message: 'subjectId is required' })
  @MinLength(1)
  @MaxLength(200)
  subjectId!: string;

  @ApiProperty()
  @IsBoolean({ message: 'published must be true or false' })
  published!: boolean;
}

// ---- responses -------------------------------------------------------------------------------------

// Keyed by the type, so a status added to the entity without being added here fails to compile.
const ENTITLEMENT_STATUSES = Object.keys({
  active: true,
  refunded: true,
  revoked: true,
  suspended: true,
} satisfies Record<EntitlementStatus, true>);

/** A subject as `GET /api/subjects?detailed=true` lists it (the spec's field names). */
export class SubjectResponse {
  @ApiProperty({ example: 'vagus-nerve' }) id!: string;
  @ApiProperty({ example: 'vagus-nerve' }) name!: string;
  @ApiProperty({ example: 'The Vagus Nerve' }) title!: string;
  @ApiProperty() description!: string;
  @ApiProperty() is_published!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

/** `GET /api/subjects`: the ids alone, or the subjects with `detailed=true`. */
export type SubjectsResponse = string[] | SubjectResponse[];

export class PriceResponse {
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ example: 'usd' }) currency!: string;
  @ApiProperty({ type: 'integer', description: 'minor units (cents)', example: 4900 }) amount!: number;
  @ApiProperty({ example: 'price_vagus_nerve', description: 'what POST /api/checkout/create takes' })
  priceId!: string;
}

export class PricesResponse {
  @ApiProperty({ type: [PriceResponse] }) prices!: PriceResponse[];
}

export class PreviewSubjectResponse {
  @ApiProperty({ example: 'vagus-nerve' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
}

export class PreviewPriceResponse {
  @ApiProperty({ type: 'integer', description: 'minor units (cents)' }) amount!: number;
  @ApiProperty({ example: 'usd' }) currency!: string;
  @ApiProperty() priceId!: string;
}

export class PreviewLessonResponse {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'a free sample: GET /api/preview/nodes/{id} opens it' }) preview!: boolean;
}

export class PreviewModuleResponse {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: 'integer', description: 'all lessons of the module, not only those listed' })
  lessonCount!: number;
  @ApiProperty({ type: [PreviewLessonResponse], description: 'the first lessons of the module' })
  lessons!: PreviewLessonResponse[];
}

export class PreviewSampleResponse {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
}

export class CoursePreviewResponse {
  @ApiProperty({ type: PreviewSubjectResponse }) subject!: PreviewSubjectResponse;
  @ApiProperty({ type: PreviewPriceResponse, nullable: true }) price!: PreviewPriceResponse | null;
  @ApiProperty({ type: [PreviewModuleResponse], description: 'the first modules of the course' })
  modules!: PreviewModuleResponse[];
  @ApiProperty({ type: [PreviewSampleResponse] }) samples!: PreviewSampleResponse[];
}

/** A free sample lesson, in the topic detail's field names. */
export class PreviewNodeResponse {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: "the module's title" }) category!: string;
  @ApiProperty({ description: 'sanitised html' }) summary_html!: string;
  @ApiProperty({ description: 'sanitised html' }) lesson_html!: string;
}

/** One of the caller's entitlements; the spec's `subject_id` and `created_at` are camelCase here. */
export class EntitlementResponse {
  @ApiProperty({ example: 'vagus-nerve' }) subjectId!: string;
  @ApiProperty({ enum: ENTITLEMENT_STATUSES, description: 'only active entitlements are listed' })
  status!: EntitlementStatus;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class SubjectSummaryResponse {
  @ApiProperty({ example: 'vagus-nerve' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() title!: string;
}

/** A paid purchase; `subjects` (one subject, not a list) and `created_at` are the spec's names. */
export class PurchaseResponse {
  @ApiProperty({ description: 'the checkout session id' }) id!: string;
  @ApiProperty({ type: SubjectSummaryResponse }) subjects!: SubjectSummaryResponse;
  @ApiProperty({ type: 'integer', description: 'minor units (cents)' }) amount!: number;
  @ApiProperty({ example: 'usd' }) currency!: string;
  @ApiProperty({ format: 'date-time', description: 'when the payment completed' }) created_at!: string;
}

export function toSubjectResponse(s: SubjectRecord): SubjectResponse {
  return {
    id: s.id,
    name: s.name,
    title: s.title,
    description: s.description,
    is_published: s.isPublished,
    created_at: new Date(s.createdAt).toISOString(),
  };
}

export function toSubjectsResponse(subjects: SubjectRecord[], detailed: boolean): SubjectsResponse {
  return detailed ? subjects.map(toSubjectResponse) : subjects.map((s) => s.id);
}

export function toPricesResponse(prices: PriceRecord[]): PricesResponse {
  return {
    prices: prices.map((p) => ({ subjectId: p.subjectId, currency: p.currency, amount: p.amount, priceId: p.id })),
  };
}

export function toCoursePreviewResponse(p: CoursePreview): CoursePreviewResponse {
  const isSample = (id: string) => p.samples.some((s) => s.id === id);
  return {
    subject: { id: p.subject.id, name: p.subject.name, title: p.subject.title, description: p.subject.description },
    price: p.price ? { amount: p.price.amount, currency: p.price.currency, priceId: p.price.id } : null,
    modules: p.modules.map((m) => ({
      id: m.id,
      title: m.title,
      lessonCount: m.lessonCount,
      lessons: m.lessons.map((n) => ({ id: n.id, title: n.title, preview: isSample(n.id) })),
    })),
    samples: p.samples.map((n) => ({ id: n.id, title: n.title })),
  };
}

/** Stored html is kept as given; what leaves the server is sanitised. */
export function toPreviewNodeResponse(node: TopicContent): PreviewNodeResponse {
  return {
    id: node.id,
    title: node.title,
    category: node.moduleTitle,
    summary_html: sanitize(node.summaryHtml),
    lesson_html: sanitize(node.lessonHtml),
  };
}

export function toEntitlementResponse(e: EntitlementRecord): EntitlementResponse {
  return { subjectId: e.subjectId, status: e.status, createdAt: new Date(e.createdAt).toISOString() };
}

export function toPurchaseResponse(p: PurchaseRecord): PurchaseResponse {
  return {
    id: p.id,
    subjects: { id: p.subjectId, name: p.name, title: p.title },
    amount: p.amount,
    currency: p.currency,
    created_at: new Date(p.completedAt).toISOString(),
  };
}
