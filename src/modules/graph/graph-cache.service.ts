import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { InjectRedis, redisAway } from '../../common/redis/redis.module';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { GRAPH_RESPONSE_SHAPE } from './graph-response';

/** A subject's published graph, serialised once, with the ETag of exactly these bytes. */
export interface CachedGraph {
  etag: string;
  body: Buffer;
}

// The in-process layer in front of Redis: a few subjects' graphs (about 1 MB each at 10,000 topics).
const LOCAL_ENTRIES = 8;
const REDIS_TTL_SECONDS = 24 * 60 * 60;

/**
 * The published graph of a subject is the same for every learner until the next publish or
 * content import, so it is built and serialised once and shared by every API process through
 * Redis, with a small in-process layer in front.
 *
 * Keys carry a per-subject generation (bumped by `changed()` after a publish or an import has
 * committed) and a global epoch (`invalidateAll()`, for hand edits in SQL): a reader asks Redis
 * for the current generation (one round trip) and then only reads entries stored under it, so an
 * entry built from data read before a change is never served after it.
 */
@Injectable()
export class GraphCache {
  private readonly logger = new Logger('GraphCache');
  private readonly prefix: string;
  private readonly local = new Map<string, CachedGraph>();
  private readonly building = new Map<string, Promise<CachedGraph>>();

  constructor(
    @InjectRedis() private readonly redis: Redis,
    @InjectConfig() config: AppConfig,
  ) {
    this.prefix = `${config.redis.prefix}:graph`;
  }

  private genKey = (subjectId: string) => `${this.prefix}:gen:${subjectId}`;
  private get epochKey() {
    return `${this.prefix}:epoch`;
  }

  /** The subject's current generation; a missing counter starts at the clock, so a flushed Redis never reuses an old one. */
  private async generation(subjectId: string): Promise<string> {
    const [first, epoch] = await this.redis.mget(this.genKey(subjectId), this.epochKey);
    let gen = first;
    if (gen === null) {
      await this.redis.set(this.genKey(subjectId), String(Date.now()), 'NX');
      gen = await this.redis.get(this.genKey(subjectId));
    }
    return `${gen}.${epoch ?? '0'}`;
  }

  /** The cached graph of the subject's current generation, built by `build` (once per generation) when missing. */
  async get(subjectId: string, build: () => Promise<unknown>): Promise<CachedGraph> {
    let gen: string;
    try {
      // Redis is away (a restart): build it at once rather than after the command timeout.
      if (redisAway(this.redis)) throw new Error('the connection is down');
      gen = await this.generation(subjectId);
    } catch (err) {
      this.logger.warn(`Redis unavailable, building the graph uncached: ${(err as Error).message}`);
      return serialise(await build());
    }
    const key = `${this.prefix}:data:${GRAPH_RESPONSE_SHAPE}:${subjectId}:${gen}`;
    const hit = this.local.get(key);
    if (hit) return hit;
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.load(key, build).finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  private async load(key: string, build: () => Promise<unknown>): Promise<CachedGraph> {
    const stored = await this.redis.getBuffer(key).catch(() => null);
    let graph: CachedGraph;
    if (stored && stored.length > 0) {
      graph = { etag: etagOf(stored), body: stored };
    } else {
      graph = serialise(await build());
      await this.redis.set(key, graph.body, 'EX', REDIS_TTL_SECONDS).catch(() => undefined);
    }
    // generations only move forward: entries of older ones are dead weight
    const subjectPrefix = key.slice(0, key.lastIndexOf(':') + 1);
    for (const k of this.local.keys()) if (k.startsWith(subjectPrefix)) this.local.delete(k);
    if (this.local.size >= LOCAL_ENTRIES) this.local.delete(this.local.keys().next().value!);
    this.local.set(key, graph);
    return graph;
  }

  /** After a publish or a content import of the subject has committed. */
  async changed(subjectId: string): Promise<void> {
    await this.redis.incr(this.genKey(subjectId));
  }

  /** After the content tables were edited by hand. */
  async invalidateAll(): Promise<void> {
    await this.redis.incr(this.epochKey);
  }
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

function serialise(value: unknown): CachedGraph {
  const body = Buffer.from(JSON.stringify(value));
  return { etag: etagOf(body), body };
}
