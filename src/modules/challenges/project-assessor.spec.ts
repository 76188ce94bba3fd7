import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import type { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import type { AppConfig } from '../../config/config';
import { parseVerdict, type ProjectAssessmentInput, ProjectAssessor } from './project-assessor.service';

const INPUT: ProjectAssessmentInput = {
  desc: 'Practise 5 minutes of extended-exhale breathing and record the ratio you used and how it felt.',
  expectedFields: ['minutes_practised', 'how_you_felt'],
  criteria: ['Records practice duration.', 'Includes a subjective calm rating or description.'],
  passScore: 0.6,
  answers: { minutes_practised: '5', how_you_felt: 'Calmer than before, no dizziness' },
};

/** A fake OpenAI-compatible chat API on loopback: each test says how it answers. */
let server: Server;
let baseUrl: string;
let answer: (req: IncomingMessage, body: string, res: ServerResponse) => void;
const requests: { headers: IncomingMessage['headers']; body: { model: string; messages: { content: string }[] } }[] =
  [];

const chat = (content: string) => (_req: IncomingMessage, _body: string, res: ServerResponse) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: JSON.parse(body) as (typeof requests)[number]['body'] });
      answer(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  requests.length = 0;
  allowed = true;
  // The fallback logs a warning; the tests check the fallback itself.
  jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

let allowed = true;
const rateLimit = { allows: () => Promise.resolve(allowed) } as unknown as RateLimitService;

function assessor(llm: boolean, timeoutMs = 2000): ProjectAssessor {
  const config = {
    tutor: {
      llm: llm ? { baseUrl, apiKey: 'sk-test', model: 'judge-1', timeoutMs } : undefined,
      rateLimitPerMinute: 20,
    },
  } as unknown as AppConfig;
  return new ProjectAssessor(config, rateLimit);
}

describe('ProjectAssessor', () => {
  it('uses the built-in assessment without an LLM provider', async () => {
    const result = await assessor(false).assess('u1', INPUT);
    expect(result).toMatchObject({ assessor: 'builtin', passed: true });
    expect(requests).toHaveLength(0);
  });

  it("asks the LLM and takes its verdict, with the learner's answers as data", async () => {
    answer = chat('```json\n{"passed": false, "score": 0.45, "feedback": "Say how long you breathed out."}\n```');
    const result = await assessor(true).assess('u1', INPUT);
    expect(result).toEqual({
      assessor: 'llm',
      passed: false,
      score: 0.45,
      feedback: 'Say how long you breathed out.',
    });
    expect(requests).toHaveLength(1);
    expect(requests[0].headers.authorization).toBe('Bearer sk-test');
    expect(requests[0].body.model).toBe('judge-1');
    expect(requests[0].body.messages[1].content).toContain('"how_you_felt": "Calmer than before, no dizziness"');
    expect(requests[0].body.messages[1].content).toContain('- Records practice duration.');
  });

  it('uses the built-in assessment, without calling the LLM, once the learner is over the rate limit', async () => {
    answer = chat('{"passed": false, "score": 0, "feedback": "No."}');
    allowed = false;
    const result = await assessor(true).assess('u1', INPUT);
    expect(result).toMatchObject({ assessor: 'builtin', passed: true });
    expect(requests).toHaveLength(0);
  });

  it("applies the server's pass mark to the model's score, whatever the model says of passed", async () => {
    answer = chat('{"passed": true, "score": 0.55, "feedback": "Good enough."}');
    expect(await assessor(true).assess('u1', INPUT)).toMatchObject({ assessor: 'llm', passed: false, score: 0.55 });
    answer = chat('{"passed": false, "score": 0.6, "feedback": "Borderline."}');
    expect(await assessor(true).assess('u1', INPUT)).toMatchObject({ assessor: 'llm', passed: true, score: 0.6 });
  });

  it('never lets the LLM pass a project with an unanswered field', async () => {
    answer = chat('{"passed": true, "score": 0.9, "feedback": "Great work."}');
    const result = await assessor(true).assess('u1', { ...INPUT, answers: { minutes_practised: '5' } });
    expect(result).toMatchObject({ assessor: 'llm', passed: false, score: 0.9 });
  });

  it.each([
    ['an answer that is not a verdict', chat('I think this is fine.')],
    ['a verdict without feedback', chat('{"passed": true, "score": 1}')],
    ['an HTTP error', (_q: IncomingMessage, _b: string, res: ServerResponse) => res.writeHead(500).end('{}')],
    ['no answer in time', () => undefined],
  ])('falls back to the built-in assessment on %s', async (_name, handler) => {
    answer = handler;
    const result = await assessor(true, 300).assess('u1', { ...INPUT, answers: { minutes_practised: 'asdf' } });
    expect(result.assessor).toBe('builtin');
    expect(result.passed).toBe(false);
    expect(result.feedback).toContain('Missing: how you felt.');
  });
});

describe('parseVerdict', () => {
  it('clamps the score and trims the feedback', () => {
    expect(parseVerdict('{"passed":true,"score":1.7,"feedback":"  ok  "}')).toEqual({
      passed: true,
      score: 1,
      feedback: 'ok',
    });
    expect(parseVerdict('{"passed":"yes","score":1,"feedback":"ok"}')).toBeNull();
    expect(parseVerdict('{"passed":true,"score":"high","feedback":"ok"}')).toBeNull();
    expect(parseVerdict('{')).toBeNull();
  });
});
