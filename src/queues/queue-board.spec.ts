import { boardAuditEntries, QUEUE_BOARD_PATH } from './queue-board';

const route = (method: string, path: string) => `${method} ${QUEUE_BOARD_PATH}/api/queues${path}`;

describe('boardAuditEntries', () => {
  it('names the queue of a queue-wide change, with the job state it applied to', () => {
    expect(
      boardAuditEntries(
        route('PUT', '/:queueName/clean/:queueStatus'),
        { queueName: 'crawl', queueStatus: 'failed' },
        'u1',
        ['crawl', 'tts'],
      ),
    ).toEqual([
      {
        actorId: 'u1',
        action: 'queue.clean',
        target: { type: 'queue', id: 'crawl' },
        details: { queue: 'crawl', status: 'failed' },
      },
    ]);
  });

  it('names the job of a job change, its queue in the details', () => {
    expect(
      boardAuditEntries(route('PUT', '/:queueName/:jobId/clean'), { queueName: 'tts', jobId: '42' }, 'u1', []),
    ).toEqual([
      {
        actorId: 'u1',
        action: 'queue.job.remove',
        target: { type: 'queue_job', id: '42' },
        details: { queue: 'tts', jobId: '42' },
      },
    ]);
  });

  it('writes one entry per queue when every queue is paused', () => {
    const entries = boardAuditEntries(route('PUT', '/pause'), {}, 'u1', ['crawl', 'tts', 'video']);
    expect(entries.map((e) => [e.action, e.target])).toEqual([
      ['queue.pause', { type: 'queue', id: 'crawl' }],
      ['queue.pause', { type: 'queue', id: 'tts' }],
      ['queue.pause', { type: 'queue', id: 'video' }],
    ]);
  });

  it('has no entry for a route it does not audit (the board refuses those)', () => {
    for (const key of [
      route('PUT', '/:queueName/obliterate'),
      route('PUT', '/:queueName/concurrency'),
      route('PATCH', '/:queueName/:jobId/delay'),
      route('GET', '/:queueName/pause'),
    ])
      expect(boardAuditEntries(key, { queueName: 'crawl', jobId: '1' }, 'u1', ['crawl'])).toEqual([]);
  });
});
