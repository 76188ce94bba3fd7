/**
 * Text-to-speech bulk runs: every lecture section of the bundled courses (80 in 5 subjects) made into
 * mp3 + WebVTT by the platform (the API's `POST /api/tts/synthesize/bulk/stream` per subject, run by the
 * worker's `tts` processor), against a plain sequential loop of the same engine over the same texts in
 * the same run: the same local engine (LocalSpeechProvider: flite, else espeak-ng) speaks each sentence
 * of a section one after another, then the same ffmpeg joins the WAVs into the mp3, section after section. Prints both wall times, the
 * ratio platform/loop (target <= 0.6 on two cores) and the latency of the first `item` event (target
 * <= 2 s). Exits non-zero when a section failed, not when a target is missed.
 *
 * The queue worker (WorkerModule) runs in a process of its own (./worker-process.ts), the API in this
 * one: the worker's own RSS (its engines excluded) is printed after boot and as the peak of samples every
 * 250 ms during the platform's speech runs and during the video part, against the target of 400 MB.
 *
 *   npx tsc -p bench/media/tsconfig.json
 *   NODE_PATH=$PWD/node_modules node /tmp/bench-build/bench/media/media.bench.js
 *
 * Env: BENCH_PG_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL,
 * BENCH_ROUNDS (1; round 1 runs the loop first, round 2 the platform first, and so on),
 * BENCH_VOICE (unset: the engine's default voice), BENCH_STREAMS (`concurrent`, `sequential` or both,
 * comma-separated: how the five subjects' streams are started), BENCH_WORKER_CONCURRENCY (unset: the
 * processor's own; set: overrides the tts worker's jobs at once for this run only), BENCH_SUBJECTS (only
 * these subjects, comma-separated), BENCH_VIDEO_SUBJECT (the subject rendered; default the first),
 * BENCH_VIDEO_ROUNDS (rounds of the video part; default BENCH_ROUNDS).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { procCpuSeconds, startWorkerProcess, type WorkerProcess } from './worker-process';

const env = (name: string, def: string) => process.env[name] || def;
const LOOPBACK = ['127.0.0.1', 'localhost', '::1', '[::1]'];
const FIRST_ITEM_TARGET_MS = 2000;
const RATIO_TARGET = 0.6;
const WORKER_RSS_TARGET_MB = 400;
const RSS_SAMPLE_MS = 250;

interface Section {
  subjectId: string;
  id: string;
  text: string;
}

interface LoopResult {
  wallMs: number;
  cores: number;
  cpuSeconds: number;
  perSectionMs: number[];
  failures: string[];
}

interface PlatformResult {
  wallMs: number;
  cores: number;
  cpuSeconds: number;
  firstItemMs: number | null;
  /** per subject: start of its request to its `done` */
  subjects: { subject: string; total: number; firstItemMs: number | null; doneMs: number; items: number }[];
  ok: number;
  failures: string[];
  statuses: Record<string, number>;
  /** the worker process's peak RSS (bytes) during the run, sampled every RSS_SAMPLE_MS */
  workerRssPeak: number;
}

type Event = { type: string; [k: string]: unknown };

/** The machine's busy and total CPU time so far (/proc/stat, all processes; null off Linux). */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - f[3] - f[4], total };
  } catch {
    return null;
  }
}

/**
 * CPU seconds of this process and its reaped children (flite, ffmpeg), plus the worker process's and
 * its reaped children's: the work of the run itself, whatever else the machine does (the same work as
 * when the worker ran in this process). /proc/<pid>/stat fields utime, stime, cutime, cstime (clock ticks).
 */
function ownCpuSeconds(worker: WorkerProcess): number {
  return procCpuSeconds('self') + worker.cpuSeconds();
}

const toMB = (bytes: number) => bytes / 2 ** 20;
const fmtRss = (bytes: number) =>
  `${toMB(bytes).toFixed(0)} MB (target <= ${WORKER_RSS_TARGET_MB} MB): ${toMB(bytes) <= WORKER_RSS_TARGET_MB ? 'PASS' : 'MISS'}`;

/** Samples the worker's RSS every RSS_SAMPLE_MS until `stop`, which gives the peak (bytes) and the count. */
function sampleRss(worker: WorkerProcess): { stop(): Promise<{ peak: number; samples: number }> } {
  let peak = 0;
  let samples = 0;
  let stopped = false;
  let wake: (() => void) | undefined;
  const running = (async () => {
    while (!stopped) {
      const t = performance.now();
      peak = Math.max(peak, (await worker.memory()).rss);
      samples++;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, RSS_SAMPLE_MS - (performance.now() - t)));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  // an error (the worker gone) is reported by stop(), not as an unhandled rejection
  running.catch(() => {});
  return {
    stop: async () => {
      stopped = true;
      wake?.();
      await running;
      // one last sample at the end of the part
      peak = Math.max(peak, (await worker.memory()).rss);
      return { peak, samples: samples + 1 };
    },
  };
}

/** Cores kept busy (by anything on the machine) since `from`: busy share times the core count. */
function coresBusy(from: ReturnType<typeof cpuTimes>): number {
  const to = cpuTimes();
  if (!from || !to || to.total === from.total) return NaN;
  return ((to.busy - from.busy) / (to.total - from.total)) * cpus().length;
}

const fmtS = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

async function main() {
  const rounds = Math.max(1, Number(env('BENCH_ROUNDS', '1')));
  const voiceId = process.env.BENCH_VOICE || undefined;
  const modes = env('BENCH_STREAMS', 'concurrent').split(',');
  if (!modes.every((m) => ['concurrent', 'sequential'].includes(m)))
    throw new Error('BENCH_STREAMS: concurrent, sequential or both (comma-separated)');
  const adminUrl = env('BENCH_PG_URL', 'postgres://postgres@127.0.0.1:5432/postgres');
  const redisUrl = env('REDIS_URL', 'redis://127.0.0.1:6379');
  for (const h of [new URL(adminUrl).hostname, new URL(redisUrl).hostname])
    if (!LOOPBACK.includes(h)) throw new Error(`the benchmark only talks to loopback, not ${h}`);

  const dbName = `lp_bench_media_${process.pid}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  const redisPrefix = `lp-bench-media-${process.pid}`;
  const mediaDir = await mkdtemp(join(tmpdir(), 'lp-bench-media-'));

  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const cleanup: (() => Promise<unknown>)[] = [];
  let failed = false;
  try {
    // The app and the worker read their configuration once, at boot: set it first (the worker
    // process gets the same, with this process's environment).
    const appEnv = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      LOG_LEVEL: 'silent',
      SERVE_UI: 'false',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      MEDIA_DIR: mediaDir,
      MAIL_DIR: join(mediaDir, 'mail'),
    };
    Object.assign(process.env, appEnv);
    // no ElevenLabs key reaches the run: provider `local` is asked for, but nothing may leave the machine
    delete process.env.ELEVENLABS_API_KEY;

    // required lazily: the app's modules must not load before the environment above is set
    const { runMigrations, seedDemoUsers } =
      require('../../src/database/cli') as typeof import('../../src/database/cli');
    await runMigrations(databaseUrl);
    await seedDemoUsers(databaseUrl, 'demo-password');
    const { NestFactory } = require('@nestjs/core') as typeof import('@nestjs/core');
    const { Module } = require('@nestjs/common') as typeof import('@nestjs/common');
    const { ConfigModule } =
      require('../../src/config/config.module') as typeof import('../../src/config/config.module');
    const { DatabaseModule } =
      require('../../src/database/database.module') as typeof import('../../src/database/database.module');
    const { ContentMigrationModule } =
      require('../../src/modules/studio/content-migration/content-migration.module') as typeof import('../../src/modules/studio/content-migration/content-migration.module');
    const { ContentMigrationService } =
      require('../../src/modules/studio/content-migration/content-migration.service') as typeof import('../../src/modules/studio/content-migration/content-migration.service');
    const { RedisModule } =
      require('../../src/common/redis/redis.module') as typeof import('../../src/common/redis/redis.module');
    const { AccessViewModule } =
      require('../../src/common/guards/access-view.module') as typeof import('../../src/common/guards/access-view.module');
    @Module({ imports: [ConfigModule, DatabaseModule, RedisModule, AccessViewModule, ContentMigrationModule] })
    class ContentModule {}
    const content = await NestFactory.createApplicationContext(ContentModule, { logger: ['error'] });
    const migration = content.get(ContentMigrationService);
    await migration.run({ kind: 'bundled', dir: migration.bundledDir() });
    await content.close();

    const pg = new Client({ connectionString: databaseUrl });
    await pg.connect();
    cleanup.push(() => pg.end());
    // the order the bulk runs read them in: by subject, then position
    const sections = (
      await pg.query<Section>(
        `select subject_id as "subjectId", id, text from lecture_sections order by subject_id, position, id`,
      )
    ).rows;
    // BENCH_SUBJECTS (comma-separated): only these subjects' sections, e.g. for a quicker video run
    const only = (process.env.BENCH_SUBJECTS ?? '').split(',').filter(Boolean);
    if (only.length) sections.splice(0, sections.length, ...sections.filter((s) => only.includes(s.subjectId)));
    const subjects = [...new Set(sections.map((s) => s.subjectId))];
    const chars = sections.reduce((n, s) => n + s.text.length, 0);
    console.log(
      `data: ${sections.length} lecture sections in ${subjects.length} subjects (${subjects.join(', ')}), ` +
        `${chars} characters`,
    );

    // The API and the worker, as main.ts and workers/main.ts run them: the API in this process, the
    // worker in a process of its own (./worker-process.ts) so its RSS is its own; the engines run in
    // child processes either way.
    const { AppModule } = require('../../src/app.module') as typeof import('../../src/app.module');
    const { configureApp, createAdapter } = require('../../src/app.factory') as typeof import('../../src/app.factory');
    const { LocalSpeechProvider } =
      require('../../src/modules/media/speech/local-speech.provider') as typeof import('../../src/modules/media/speech/local-speech.provider');
    const { Ffmpeg } =
      require('../../src/modules/media/speech/ffmpeg') as typeof import('../../src/modules/media/speech/ffmpeg');
    const { splitSentences } =
      require('../../src/modules/media/speech/sentences') as typeof import('../../src/modules/media/speech/sentences');
    const { loadConfig } = require('../../src/config/config') as typeof import('../../src/config/config');
    const app = await NestFactory.create<import('@nestjs/platform-fastify').NestFastifyApplication>(
      AppModule,
      createAdapter(),
      { logger: ['error'], rawBody: true },
    );
    await configureApp(app);
    await app.listen(0, '127.0.0.1');
    cleanup.push(() => app.close());
    // BENCH_WORKER_CONCURRENCY reaches the worker process with the environment; it applies it there
    const worker = await startWorkerProcess(
      {
        ...appEnv,
        ...(process.env.BENCH_WORKER_CONCURRENCY && { BENCH_WORKER_CONCURRENCY: process.env.BENCH_WORKER_CONCURRENCY }),
      },
      (kill) => cleanup.push(kill),
    );
    const workerBooted = await worker.memory();
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;

    // The loop: the same engine and the same ffmpeg, one sentence after another, then the mp3.
    const engine = new LocalSpeechProvider({});
    const ffmpeg = Ffmpeg.locate(loadConfig().ffmpegPath);
    const plainSection = async (text: string) => {
      const work = await mkdtemp(join(tmpdir(), 'lp-bench-loop-'));
      try {
        const wavs: string[] = [];
        for (const sentence of splitSentences(text))
          wavs.push((await engine.synthesize(sentence, { voiceId, dir: work })).wavPath);
        await ffmpeg.wavsToMp3(wavs, join(work, 'section.mp3'));
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    };
    // BENCH_WORKER_CONCURRENCY, applied in the worker process (BullMQ's setter): the jobs at once it runs
    const workerConcurrency = worker.ttsConcurrency;
    console.log(
      `settings: ${cpus().length} cores, worker tts concurrency ${workerConcurrency} (jobs at once), ` +
        `lanes per job ${cpus().length} (sections at once), 3 sentences asked at once per section, ` +
        `${cpus().length} CPU slots per process (engines and ffmpeg at once), mp3 encoded while sentences are spoken; ` +
        `loop: 1 sentence at a time, then the mp3, ` +
        `engine local (${spawnSync('which', ['flite']).stdout?.toString().trim() || 'espeak-ng wasm'}), ` +
        `voice ${voiceId ?? 'default'}, streams ${modes.join(' and ')}, rounds ${rounds}`,
    );
    console.log(
      `worker process: pid ${worker.pid}, RSS after boot ${toMB(workerBooted.rss).toFixed(0)} MB ` +
        `(heap used ${toMB(workerBooted.heapUsed).toFixed(0)} MB)`,
    );
    console.log(
      `load average before: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'studio@example.com', password: 'demo-password' }),
    });
    if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { accessToken: string }).accessToken;

    // warm-up (not timed): the engine's voice list, ffmpeg's first start, the app's first queries
    await plainSection('Warm up.');

    const loop = async (): Promise<LoopResult> => {
      const perSectionMs: number[] = [];
      const failures: string[] = [];
      const cpu0 = cpuTimes();
      const own0 = ownCpuSeconds(worker);
      const t0 = performance.now();
      for (const s of sections) {
        const t = performance.now();
        try {
          await plainSection(s.text);
        } catch (err) {
          failures.push(`${s.subjectId}/${s.id}: ${(err as Error).message}`);
        }
        perSectionMs.push(performance.now() - t);
      }
      return {
        wallMs: performance.now() - t0,
        cores: coresBusy(cpu0),
        cpuSeconds: ownCpuSeconds(worker) - own0,
        perSectionMs,
        failures,
      };
    };

    const platform = async (round: number, mode: string): Promise<PlatformResult> => {
      const result: PlatformResult = {
        wallMs: 0,
        cores: 0,
        cpuSeconds: 0,
        firstItemMs: null,
        subjects: [],
        ok: 0,
        failures: [],
        statuses: {},
        workerRssPeak: 0,
      };
      const cpu0 = cpuTimes();
      const own0 = ownCpuSeconds(worker);
      const rss = sampleRss(worker);
      const t0 = performance.now();
      const runSubject = async (subject: string) => {
        const tStart = performance.now();
        const res = await fetch(`${base}/api/tts/synthesize/bulk/stream`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            subject,
            provider: 'local',
            voiceId,
            includeAll: true,
            format: 'mp3',
            jobId: `bench-${process.pid}-${round}-${mode}-${subject}`,
          }),
          signal: AbortSignal.timeout(30 * 60 * 1000),
        });
        if (res.status !== 200 || !res.body)
          throw new Error(`bulk stream ${subject}: ${res.status} ${await res.text()}`);
        const row = { subject, total: 0, firstItemMs: null as number | null, doneMs: 0, items: 0 };
        let end: Event | undefined;
        const decoder = new TextDecoder();
        let buffer = '';
        const handle = (line: string) => {
          if (!line.trim()) return;
          const e = JSON.parse(line) as Event;
          const at = performance.now();
          if (e.type === 'start') row.total = Number(e.total);
          else if (e.type === 'item') {
            row.items++;
            row.firstItemMs ??= at - tStart;
            result.firstItemMs ??= at - t0;
            const status = String(e.status);
            result.statuses[status] = (result.statuses[status] ?? 0) + 1;
            if (e.ok === true && status === 'synthesized') result.ok++;
            else result.failures.push(`${subject}/${String(e.id)}: ${status} ${String(e.error ?? '')}`);
          } else end = e;
        };
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let nl: number;
          while ((nl = buffer.indexOf('\n')) >= 0) {
            handle(buffer.slice(0, nl));
            buffer = buffer.slice(nl + 1);
          }
        }
        handle(buffer);
        row.doneMs = performance.now() - tStart;
        if (end?.type !== 'done') result.failures.push(`${subject}: the stream ended with ${JSON.stringify(end)}`);
        if (row.items !== row.total) result.failures.push(`${subject}: ${row.items} items of ${row.total}`);
        result.subjects.push(row);
      };
      try {
        if (mode === 'concurrent') await Promise.all(subjects.map(runSubject));
        else for (const s of subjects) await runSubject(s);
      } finally {
        result.wallMs = performance.now() - t0;
        result.cores = coresBusy(cpu0);
        result.cpuSeconds = ownCpuSeconds(worker) - own0;
        result.workerRssPeak = (await rss.stop()).peak;
      }
      return result;
    };

    const loops: LoopResult[] = [];
    const platforms: (PlatformResult & { mode: string })[] = [];
    for (let round = 1; round <= rounds; round++) {
      const loopFirst = round % 2 === 1;
      console.log(`\nround ${round}: ${loopFirst ? 'loop first, then the platform' : 'platform first, then the loop'}`);
      for (const which of loopFirst ? ['loop', 'platform'] : ['platform', 'loop']) {
        if (which === 'loop') {
          const r = await loop();
          loops.push(r);
          console.log(
            `  loop:     ${fmtS(r.wallMs)} for ${r.perSectionMs.length} sections, ` +
              `mean ${mean(r.perSectionMs).toFixed(0)} ms per section, ${r.failures.length} failed, ` +
              `own CPU ${r.cpuSeconds.toFixed(1)} s (${(r.cpuSeconds / (r.wallMs / 1000)).toFixed(2)} cores), ` +
              `machine ${r.cores.toFixed(2)} of ${cpus().length} cores busy`,
          );
        } else
          for (const mode of modes) {
            const r = { ...(await platform(round, mode)), mode };
            platforms.push(r);
            console.log(
              `  platform (streams ${mode}): ${fmtS(r.wallMs)} for ${r.ok + r.failures.length} items (${r.ok} ok), first item after ` +
                `${r.firstItemMs === null ? '-' : `${r.firstItemMs.toFixed(0)} ms`}, ` +
                `${(r.wallMs / Math.max(1, r.ok)).toFixed(0)} ms per item (wall / items), ` +
                `own CPU ${r.cpuSeconds.toFixed(1)} s (${(r.cpuSeconds / (r.wallMs / 1000)).toFixed(2)} cores), ` +
                `machine ${r.cores.toFixed(2)} of ${cpus().length} cores busy`,
            );
            for (const s of r.subjects)
              console.log(
                `            ${s.subject}: ${s.items}/${s.total} items, first after ${s.firstItemMs?.toFixed(0) ?? '-'} ms, ` +
                  `done after ${fmtS(s.doneMs)}`,
              );
            console.log(`            worker RSS peak: ${fmtRss(r.workerRssPeak)}`);
          }
      }
    }

    const loopWall = mean(loops.map((r) => r.wallMs));
    const loopCpu = mean(loops.map((r) => r.cpuSeconds));
    const failures = [...loops.flatMap((r) => r.failures), ...platforms.flatMap((r) => r.failures)];
    const okItems = platforms.map((r) => r.ok);
    console.log(`\nsummary (${rounds} round${rounds > 1 ? 's' : ''}, mean wall times):`);
    console.log(
      `  loop wall time:        ${fmtS(loopWall)} (${(loopWall / sections.length).toFixed(0)} ms per section), ` +
        `own CPU ${loopCpu.toFixed(1)} s = ${(loopCpu / (loopWall / 1000)).toFixed(2)} cores busy`,
    );
    for (const mode of modes) {
      const runs = platforms.filter((r) => r.mode === mode);
      const wall = mean(runs.map((r) => r.wallMs));
      const ratio = wall / loopWall;
      const firstItem = Math.max(...runs.map((r) => r.firstItemMs ?? Infinity));
      console.log(`  platform, streams ${mode}:`);
      console.log(
        `    wall time:           ${fmtS(wall)} (${(wall / sections.length).toFixed(0)} ms per item), ` +
          `own CPU ${mean(runs.map((r) => r.cpuSeconds)).toFixed(1)} s`,
      );
      console.log(
        `    ratio platform/loop: ${ratio.toFixed(2)} (target <= ${RATIO_TARGET}): ${ratio <= RATIO_TARGET ? 'PASS' : 'MISS'}`,
      );
      console.log(
        `    first item (worst):  ${Number.isFinite(firstItem) ? `${firstItem.toFixed(0)} ms` : 'none'} ` +
          `(target <= ${FIRST_ITEM_TARGET_MS} ms): ${firstItem <= FIRST_ITEM_TARGET_MS ? 'PASS' : 'MISS'}`,
      );
    }
    // With the same CPU work, n cores cannot take less than (loop's busy cores / n) of the loop's time.
    const loopCores = loopCpu / (loopWall / 1000);
    console.log(
      `  bound: the loop alone keeps ${loopCores.toFixed(2)} cores busy, so on ${cpus().length} cores the same work ` +
        `cannot go below ratio ${(loopCores / cpus().length).toFixed(2)}`,
    );
    console.log(`  items ok per run:      ${okItems.join(', ')} of ${sections.length}`);
    console.log(
      `  worker RSS:            after boot ${toMB(workerBooted.rss).toFixed(0)} MB, ` +
        `peak during speech ${fmtRss(Math.max(...platforms.map((r) => r.workerRssPeak)))}`,
    );
    console.log(
      `  load average after:    ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    // ---- Video: the platform's render run against the same ffmpeg commands run by hand ----
    const { MediaLibraryService } =
      require('../../src/modules/media/media-library.service') as typeof import('../../src/modules/media/media-library.service');
    const { courseColour } =
      require('../../src/modules/media/video/video-render.service') as typeof import('../../src/modules/media/video/video-render.service');
    const library = app.get(MediaLibraryService, { strict: false });
    const videoSubject = env('BENCH_VIDEO_SUBJECT', subjects[0]);
    const [W, H] = [1280, 720];
    const courseTitle = (await pg.query<{ title: string }>(`select title from subjects where id = $1`, [videoSubject]))
      .rows[0].title;
    const audios = (
      await pg.query<{ id: string; title: string; file_name: string; captions_file: string; duration_ms: number }>(
        `select distinct on (s.id) s.id, s.title, m.file_name, m.captions_file, m.duration_ms, s.position
           from lecture_sections s join media_files m on m.subject_id = s.subject_id and m.section_id = s.id and m.kind = 'audio'
          where s.subject_id = $1 order by s.id, m.created_at desc`,
        [videoSubject],
      )
    ).rows;
    const audioSeconds = audios.reduce((t, a) => t + a.duration_ms / 1000, 0);
    console.log(
      `\nvideo: ${audios.length} sections of ${videoSubject} with audio (${audioSeconds.toFixed(0)} s of speech), ` +
        `${W}x${H}, captions burned in, ${cpus().length} at once on both sides`,
    );
    /** The same commands by hand: the card through the same Ffmpeg call, the render as a plain ffmpeg child. */
    const rawRender = async (): Promise<number> => {
      const t0 = performance.now();
      let next = 0;
      const lane = async () => {
        while (next < audios.length) {
          const a = audios[next++];
          const work = await mkdtemp(join(tmpdir(), 'lp-bench-video-'));
          try {
            const card = join(work, 'card.png');
            await ffmpeg.titleCard({
              width: W,
              height: H,
              color: courseColour(videoSubject),
              title: a.title,
              subtitle: courseTitle,
              workDir: work,
              output: card,
            });
            const captions = join(work, 'captions.vtt');
            const local = (name: string) => {
              const t = library.streamTarget(videoSubject, name)!;
              return t.storage.localPath!(t.key);
            };
            await copyFile(local(a.captions_file), captions);
            const args = ffmpeg.stillArgs({
              image: card,
              audio: local(a.file_name),
              durationMs: a.duration_ms,
              output: join(work, 'video.mp4'),
              fps: 5,
              burnCaptions: captions,
            });
            await new Promise<void>((resolve, reject) =>
              spawn(ffmpeg.binary, args, { stdio: 'ignore' }).on('exit', (code) =>
                code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`)),
              ),
            );
          } finally {
            await rm(work, { recursive: true, force: true });
          }
        }
      };
      await Promise.all(Array.from({ length: cpus().length }, lane));
      return performance.now() - t0;
    };
    const platformRender = async (round: number): Promise<{ wallMs: number; rendered: number }> => {
      // a new size each round, so nothing is skipped as up to date
      const t0 = performance.now();
      const res = await fetch(`${base}/api/tts/video/render/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ subject: videoSubject, width: W, height: H - 2 * (round - 1), burnCaptions: true }),
      });
      const events = (await res.text())
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Event);
      const end = events.at(-1);
      if (end?.type !== 'done') throw new Error(`video run ended with ${JSON.stringify(end)}`);
      return { wallMs: performance.now() - t0, rendered: Number(end.succeeded) };
    };
    const videoRounds = Math.max(1, Number(env('BENCH_VIDEO_ROUNDS', String(rounds))));
    const raws: number[] = [];
    const plats: number[] = [];
    // the worker's RSS through the whole video part (it works during the platform's renders)
    const videoRss = sampleRss(worker);
    let videoRssPeak = 0;
    try {
      for (let round = 1; round <= videoRounds; round++) {
        const rawFirst = round % 2 === 1;
        for (const which of rawFirst ? ['raw', 'platform'] : ['platform', 'raw']) {
          if (which === 'raw') {
            raws.push(await rawRender());
            console.log(`  round ${round} raw ffmpeg:   ${fmtS(raws.at(-1)!)}`);
          } else {
            const r = await platformRender(round);
            plats.push(r.wallMs);
            console.log(`  round ${round} platform:     ${fmtS(r.wallMs)} (${r.rendered} rendered)`);
            if (r.rendered !== audios.length) failures.push(`video: ${r.rendered} of ${audios.length} rendered`);
          }
        }
      }
    } finally {
      videoRssPeak = (await videoRss.stop()).peak;
    }
    const videoRatio = mean(plats) / mean(raws);
    const realtime = audioSeconds / (mean(plats) / 1000);
    console.log(
      `  ratio platform/raw:    ${videoRatio.toFixed(2)} (target <= 1.1): ${videoRatio <= 1.1 ? 'PASS' : 'MISS'}`,
    );
    console.log(
      `  realtime factor:       ${realtime.toFixed(1)}x (speech seconds per wall second, target >= 10): ${realtime >= 10 ? 'PASS' : 'MISS'}`,
    );
    console.log(`  worker RSS peak:       ${fmtRss(videoRssPeak)} (during the video part)`);

    if (failures.length || okItems.some((n) => n !== sections.length)) {
      failed = true;
      console.log(`FAILED: ${failures.length} failures`);
      for (const f of failures.slice(0, 20)) console.log(`  ${f}`);
    }
  } finally {
    for (const fn of cleanup.reverse()) await fn().catch(() => {});
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    await rm(mediaDir, { recursive: true, force: true });
    await dropRedisKeys(redisUrl, redisPrefix).catch(() => {});
  }
  process.exit(failed ? 1 : 0);
}

/** The run's queue and app keys (all under its own prefix). */
async function dropRedisKeys(url: string, prefix: string) {
  const Redis = (require('ioredis') as typeof import('ioredis')).default;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
