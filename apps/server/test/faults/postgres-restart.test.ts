import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  isErrorShape,
  request,
  type SignedUpMember,
  signUp,
} from '../../load/client.js';
import {
  type ServerProcess,
  startServerProcess,
  waitFor,
} from '../../test-support/server-process.mjs';
import { makeTempDir } from '../helpers.js';
import { type OpenEventStream, openEventStream } from './event-stream.js';
import {
  createThrowawayPostgres,
  findPostgresBinaries,
  type ThrowawayPostgres,
} from './throwaway-postgres.js';

// pg's connection timeout is 5 s and the health ping's 3 s: nothing may wait much beyond them.
const ANSWER_BOUND_MS = 15_000;
// Spaces each member's requests so a minutes-long run stays far below the per-member rate limit.
const PAUSE_BETWEEN_REQUESTS_MS = 150;

// Stopping and starting are phases of their own: a request crossing them may go either way.
type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back';

interface Outcome {
  /** When it was sent. */
  phase: Phase;
  /** When its answer (or failure) came. */
  answeredIn: Phase;
  what: string;
  answer?: Answer;
  /** Set when no answer came at all (refused, reset or over the bound). */
  error?: string;
}

/** Each member reads the public feed and posts, in turn, recording what came back and when. */
function startRequestLoad(baseUrl: string, members: SignedUpMember[]) {
  const outcomes: Outcome[] = [];
  let phase: Phase = 'up';
  let stopping = false;
  let serial = 0;

  async function run(member: SignedUpMember) {
    while (!stopping) {
      const sentIn = phase;
      const write = serial % 2 === 0;
      serial += 1;
      const what = write ? 'POST /api/posts' : 'GET /api/posts/public';
      try {
        const answer = write
          ? await request(baseUrl, 'POST', '/api/posts', {
              token: member.token,
              body: { content: `Whisp ${serial} during a PostgreSQL restart` },
              timeoutMs: ANSWER_BOUND_MS,
            })
          : await request(baseUrl, 'GET', '/api/posts/public?limit=20', {
              token: member.token,
              timeoutMs: ANSWER_BOUND_MS,
            });
        outcomes.push({ phase: sentIn, answeredIn: phase, what, answer });
      } catch (error) {
        outcomes.push({ phase: sentIn, answeredIn: phase, what, error: String(error) });
      }
      await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_REQUESTS_MS));
    }
  }

  const running = Promise.all(members.map(run));
  return {
    outcomes,
    setPhase(next: Phase) {
      phase = next;
    },
    /** Sent and answered within the phase. */
    within: (wanted: Phase) =>
      outcomes.filter((outcome) => outcome.phase === wanted && outcome.answeredIn === wanted),
    async stop() {
      stopping = true;
      await running;
    },
  };
}

const describeOutcome = (outcome: Outcome) =>
  `${outcome.phase} ${outcome.what}: ${outcome.error ?? `${outcome.answer?.status} ${outcome.answer?.text.slice(0, 200)} (${Math.round(outcome.answer?.durationMs ?? 0)} ms)`}`;

const binaries = findPostgresBinaries();

// CI machines have PostgreSQL's initdb and pg_ctl; elsewhere the test needs them too, so it runs
// (and fails, saying why) unless the binaries are missing outside CI.
describe.skipIf(!binaries && !process.env.CI)(
  'PostgreSQL restarted under load (a throwaway cluster: needs initdb and pg_ctl)',
  { timeout: 300_000 },
  () => {
    let cluster: ThrowawayPostgres | undefined;
    let server: ServerProcess | undefined;
    let stream: OpenEventStream | undefined;
    const dataDir = makeTempDir('data');
    afterAll(async () => {
      stream?.close();
      server?.kill('SIGKILL');
      await server?.exited;
      await cluster?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers 503 from /health and fails requests cleanly while it is down, then recovers without a restart', async () => {
      if (!binaries)
        throw new Error('initdb and pg_ctl were not found on PATH or in /usr/lib/postgresql');
      cluster = await createThrowawayPostgres(binaries);
      server = await startServerProcess({
        env: { DATABASE_URL: cluster.url, WHISP_DATA_DIR: dataDir },
      });
      const { url } = server;
      const ann = await signUp(url, 'ann');
      const bob = await signUp(url, 'bob');
      stream = await openEventStream(url, ann.token);
      expect(stream.status).toBe(200);
      const load = startRequestLoad(url, [ann, bob]);
      await waitFor(
        'successful answers before the outage',
        () =>
          load.within('up').filter((outcome) => (outcome.answer?.status ?? 0) < 300).length >= 4,
      );

      load.setPhase('stopping');
      await cluster.stop();
      load.setPhase('down');

      await waitFor('/health to answer 503', async () => {
        const health = await request(url, 'GET', '/health', { timeoutMs: ANSWER_BOUND_MS });
        return health.status === 503;
      });
      const health = await request(url, 'GET', '/health', { timeoutMs: ANSWER_BOUND_MS });
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
      expect(isErrorShape(health.body), health.text).toBe(true);
      await waitFor('requests answered during the outage', () => load.within('down').length >= 6);
      expect(server.hasExited(), server.output()).toBe(false);

      load.setPhase('starting');
      await cluster.start();
      load.setPhase('back');

      await waitFor(
        '/health to answer 200 again',
        async () => (await request(url, 'GET', '/health')).status === 200,
        { timeoutMs: 90_000, intervalMs: 200 },
      );
      await waitFor(
        'a whisp posted after the restart',
        () => load.within('back').some((outcome) => outcome.answer?.status === 201),
        { timeoutMs: 90_000 },
      );
      // The listening connection waits 1, 2, 4… seconds between attempts, so give it time.
      await waitFor(
        'the live events listener to reconnect',
        () =>
          server?.output().includes('The live events connection to PostgreSQL is back') ?? false,
        { timeoutMs: 90_000, intervalMs: 200 },
      );
      const sent = await request(url, 'POST', '/api/messages', {
        token: bob.token,
        body: { recipient_id: ann.id, content: 'Did this survive the restart?' },
      });
      expect(sent.status, sent.text).toBe(201);
      const messageId = (sent.body as { data: { id: string } }).data.id;
      await waitFor('the message on the stream opened before the outage', () =>
        (stream?.text() ?? '').includes(`"id":"${messageId}"`),
      );
      expect(stream.ended()).toBe(false);
      await load.stop();

      // Every request got an answer within the bound; while down, each was a 5xx in the error shape.
      expect(load.outcomes.filter((outcome) => outcome.error).map(describeOutcome)).toEqual([]);
      const unclean = load.outcomes.filter(({ answer }) => {
        if (!answer) return false;
        if (answer.status < 300) return false;
        return answer.status < 500 || !isErrorShape(answer.body);
      });
      expect(unclean.map(describeOutcome)).toEqual([]);
      // While down, each says why and when to retry: 503 DATABASE_UNAVAILABLE with Retry-After.
      const whileDown = load.within('down');
      expect(
        whileDown
          .filter(
            ({ answer }) =>
              answer?.status !== 503 ||
              (answer.body as { code?: string }).code !== 'DATABASE_UNAVAILABLE' ||
              !answer.retryAfter,
          )
          .map(describeOutcome),
      ).toEqual([]);

      server.kill('SIGTERM');
      expect((await server.exited).code, server.output()).toBe(0);
    });
  },
);
