import { Migration } from '@mikro-orm/migrations';

/**
 * Request ids end to end (issue 29 §3): each generation job names the request (X-Request-Id, or the UUID
 * the API made) that queued it, or last retried it, so a failed render can be traced to the click that
 * started it. Rows queued before this have none.
 */
export class Migration20261206000000RequestIds extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "generation_jobs" add column "request_id" text null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "generation_jobs" drop column "request_id";');
  }
}
