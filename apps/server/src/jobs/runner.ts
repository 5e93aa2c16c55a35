/**
 * The one job mechanism of the server: mail, scheduled whisps and poll endings are each a kind of
 * durable work kept in the database (a row that falls due), and this runner does each kind's due
 * work on every instance. The database decides who does what (each kind claims its rows with
 * `for update skip locked`), so any number of instances may run; this module only decides when
 * to look: at start-up (work that fell due while no server ran), every `pollIntervalMs` (rows
 * another instance left), at once when asked (`kick`), and when a known due time comes (`kickAt`,
 * and the time `nextDueAt` reports).
 */

export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface DueWork {
  /**
   * Rows due by then count as due now. A timer fires on this server's clock, while rows are due
   * by the database's `now()`, which may run a moment behind (PostgreSQL on another machine): the
   * timer's pass must still find its row, not leave it to the next poll.
   */
  dueBy: Date | undefined;
  /** True once the server is stopping: end the pass after the row under way. */
  stopping(): boolean;
}

export interface JobKind {
  /** Named in logs. */
  name: string;
  /** How often each instance looks for due rows (at most 30 s: due work runs within a minute). */
  pollIntervalMs: number;
  /** Does the work due now, row after row, until none is left or the server stops. */
  runDue(work: DueWork): Promise<void>;
  /** The soonest time a row of this kind falls due, when known: a timer is set for it. */
  nextDueAt?(): Promise<Date | undefined>;
}

/** How long a shutdown waits for work under way; what is cut short rolls back and runs later. */
export const JOBS_STOP_WAIT_MS = 5_000;

// A timer longer than this is pointless (the poll comes first), and Node caps timers at 2^31 ms.
const MAX_TIMER_MS = 60 * 60_000;

interface KindState {
  kind: JobKind;
  running: Promise<void> | undefined;
  kickedWhileRunning: boolean;
  /** The latest due time a timer has reached and no pass has yet used. */
  dueBy: Date | undefined;
  pollTimer: NodeJS.Timeout | undefined;
  /** The timer for the soonest due time `nextDueAt` reported. */
  soonestTimer: NodeJS.Timeout | undefined;
  timers: Set<NodeJS.Timeout>;
}

export function createJobRunner({ log }: { log: JobLog }) {
  const states = new Map<string, KindState>();
  let stopped = true;
  let stopping: Promise<void> | undefined;

  function stateOf(name: string) {
    const state = states.get(name);
    if (!state) throw new Error(`No job kind named ${name}`);
    return state;
  }

  async function pass(state: KindState) {
    const dueBy = state.dueBy;
    state.dueBy = undefined;
    await state.kind.runDue({ dueBy, stopping: () => stopped });
    if (stopped || !state.kind.nextDueAt) return;
    const next = await state.kind.nextDueAt();
    clearTimeout(state.soonestTimer);
    state.soonestTimer = next ? timerAt(state, next) : undefined;
  }

  function run(state: KindState) {
    if (stopped) return;
    if (state.running) {
      state.kickedWhileRunning = true;
      return;
    }
    state.running = pass(state)
      .catch((error: unknown) =>
        // The database may be away for a moment: the next poll or kick tries again.
        log.warn({ err: error, job: state.kind.name }, 'could not run due jobs'),
      )
      .finally(() => {
        state.running = undefined;
        if (state.kickedWhileRunning) {
          state.kickedWhileRunning = false;
          run(state);
        }
      });
  }

  function timerAt(state: KindState, at: Date) {
    const delay = at.getTime() - Date.now();
    if (delay > Math.min(MAX_TIMER_MS, state.kind.pollIntervalMs)) return undefined;
    const timer = setTimeout(
      () => {
        state.timers.delete(timer);
        if (!state.dueBy || state.dueBy < at) state.dueBy = at;
        run(state);
      },
      Math.max(0, delay),
    );
    // A pending job never keeps the process alive.
    timer.unref();
    state.timers.add(timer);
    return timer;
  }

  return {
    /** Adds a kind; it starts with the runner (or at once, when the runner already runs). */
    add(kind: JobKind) {
      if (states.has(kind.name)) throw new Error(`Two job kinds named ${kind.name}`);
      const state: KindState = {
        kind,
        running: undefined,
        kickedWhileRunning: false,
        dueBy: undefined,
        pollTimer: undefined,
        soonestTimer: undefined,
        timers: new Set(),
      };
      states.set(kind.name, state);
      if (!stopped) startKind(state);
    },

    /** Looks for due work now, on every kind: what fell due while no server ran is done now. */
    start() {
      stopped = false;
      stopping = undefined;
      for (const state of states.values()) startKind(state);
    },

    /** Does this kind's due work now (this instance just queued or changed some). */
    kick(name: string) {
      run(stateOf(name));
    },

    /** Does this kind's due work once `at` comes (a retry's time, a whisp scheduled soon). */
    kickAt(name: string, at: Date) {
      if (stopped) return;
      const state = stateOf(name);
      // Beyond the poll interval the poll finds it first.
      timerAt(state, at);
    },

    /** No new work; waits a little for the work under way (what is cut short runs later). */
    stop() {
      // Stopping twice (two plugins closing) waits once.
      stopping ??= stopAll();
      return stopping;
    },
  };

  async function stopAll() {
    stopped = true;
    const running: Promise<void>[] = [];
    for (const state of states.values()) {
      clearInterval(state.pollTimer);
      clearTimeout(state.soonestTimer);
      for (const timer of state.timers) clearTimeout(timer);
      state.timers.clear();
      if (state.running) running.push(state.running);
    }
    if (running.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(running),
      new Promise((resolve) => {
        timer = setTimeout(resolve, JOBS_STOP_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  function startKind(state: KindState) {
    clearInterval(state.pollTimer);
    state.pollTimer = setInterval(() => run(state), state.kind.pollIntervalMs);
    state.pollTimer.unref();
    run(state);
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>;
