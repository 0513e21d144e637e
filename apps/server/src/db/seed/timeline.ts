import { shiftSwissCalendarDays, swissDayNumber, swissMidnight } from '@promovente/shared';
import type { Rng } from './random.js';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/**
 * The stages an application can be seeded at, in process order (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built).
 * Each one is the state right after the named step.
 */
export const STAGES = [
  'option', // 0: attributed
  'form_sent', // 0: reservation form sent, not filled
  'form_filled', // 0: filled by the client, not confirmed
  'form_confirmed', // 0: confirmed by the broker, deposit expected
  'deposit_received', // 1: deposit received, solvency to check
  'solvent', // 1: FIN checked
  'promise_planned', // 1: promise date planned, draft act to send
  'draft_sent', // 1: draft act sent, promise funds expected
  'promise_signed', // 2: promise signed
  'act_planned', // 2: act date planned, call for funds to send
  'funds_called', // 2: call for funds sent
  'sold', // 3: act signed
] as const;
export type Stage = (typeof STAGES)[number];

export const stageStatus = (stage: Stage): number => {
  const i = STAGES.indexOf(stage);
  return i <= 3 ? 0 : i <= 7 ? 1 : i <= 10 ? 2 : 3;
};
export const stageAtLeast = (stage: Stage, other: Stage) => STAGES.indexOf(stage) >= STAGES.indexOf(other);

/** The past events of the chain, in order; index i is reached at stage i. */
const CHAIN = [
  'created',
  'sent',
  'filled',
  'confirmed',
  'deposit',
  'solvent',
  'promiseScheduled',
  'draftSent',
  'promiseSigned',
  'actScheduled',
  'fundsCalled',
  'actSigned',
] as const;
type ChainEvent = (typeof CHAIN)[number];

/** Days between an event and the previous one. */
const GAPS: Record<ChainEvent, [number, number]> = {
  created: [0, 0],
  sent: [1, 5],
  filled: [1, 6],
  confirmed: [1, 3],
  deposit: [2, 9],
  solvent: [2, 8],
  promiseScheduled: [1, 6],
  draftSent: [3, 10],
  promiseSigned: [10, 28],
  actScheduled: [5, 25],
  fundsCalled: [15, 40],
  actSigned: [15, 35],
};

export type Timeline = Partial<Record<ChainEvent, Date>> & {
  created: Date;
  /** The planned promise signing (promise_planned_at). */
  promisePlanned?: Date;
  /** The planned act of purchase (act_of_purchase_at). */
  actPlanned?: Date;
};

export class Clock {
  readonly nowMs: number;
  /** UTC instant of today's midnight in Swiss time (shown dates are Swiss time, Europe/Zurich). */
  readonly todayStart: number;

  constructor(readonly now: Date) {
    this.nowMs = now.getTime();
    this.todayStart = swissMidnight(now).getTime();
  }

  /** An office-hours instant (08:00-17:45 Swiss time, quarter hours) `day` days from today. */
  officeTime(rng: Rng, day: number): Date {
    const midnight = shiftSwissCalendarDays(new Date(this.todayStart), day).getTime();
    return new Date(midnight + rng.int(8, 17) * HOUR + rng.int(0, 3) * 15 * MINUTE);
  }

  ago(ms: number): Date {
    return new Date(this.nowMs - ms);
  }

  /** The local day offset of an instant (0 today, -1 yesterday). */
  dayOf(date: Date): number {
    return swissDayNumber(date) - swissDayNumber(this.now);
  }
}

/**
 * Dates of an application seeded at `stage`: past events on distinct days up to yesterday,
 * planned dates in the future. `notBefore` bounds the creation (the promotion's start).
 */
export const timelineOf = (
  rng: Rng,
  clock: Clock,
  stage: Stage,
  options: { notBefore: Date; late?: boolean } = { notBefore: new Date(0) },
): Timeline => {
  const reached = STAGES.indexOf(stage) + 1;
  const gaps = CHAIN.slice(0, reached).map((event) => rng.int(GAPS[event][0], GAPS[event][1]));
  const span = gaps.reduce((a, b) => a + b, 0);
  const floorDay = clock.dayOf(options.notBefore) + 1;
  const maxSlack = stageStatus(stage) === 0 ? 25 : 45;
  let last = -1 - rng.int(0, maxSlack);
  if (last - span < floorDay) last = Math.min(-1, floorDay + span);
  let day = last - span;
  const timeline: Partial<Timeline> = {};
  CHAIN.slice(0, reached).forEach((event, i) => {
    day += gaps[i];
    timeline[event] = clock.officeTime(rng, day);
  });
  const t = timeline as Timeline;
  if (stageAtLeast(stage, 'promise_planned')) {
    if (t.promiseSigned) t.promisePlanned = t.promiseSigned;
    else if (stage === 'draft_sent' && options.late) t.promisePlanned = clock.officeTime(rng, -rng.int(1, 3));
    else t.promisePlanned = clock.officeTime(rng, rng.int(stage === 'draft_sent' ? 2 : 12, stage === 'draft_sent' ? 15 : 35));
    // A late promise (planned in the past, funds not yet received) must still follow the draft act.
    if (t.draftSent && t.promisePlanned.getTime() <= t.draftSent.getTime()) {
      t.promisePlanned = clock.officeTime(rng, clock.dayOf(t.draftSent) + 1);
    }
  }
  if (stageAtLeast(stage, 'act_planned')) {
    t.actPlanned = t.actSigned ?? clock.officeTime(rng, rng.int(stage === 'funds_called' ? 5 : 25, stage === 'funds_called' ? 30 : 90));
  }
  return t;
};
