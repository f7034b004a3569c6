// A lottery draw as administrators see it: its state, every run kept, the children its publication left out,
// and the commitments to its seed.
import type { SeedCommitment } from '../records';
import type { DrawSummary } from './draw';

export interface LotteryDrawState {
  semesterId: string;
  drawId: string;
  seed: string;
  /** Which commitment to the seed it was drawn with (1: the first); absent for a draw from before commitments. */
  commitment?: number;
  ranAt: string;
  /** The administrator who ran it (e-mail, or the account's id). */
  ranBy: string;
  /** How many draws were run before publishing (each run again is one, with the committed seed). */
  runs: number;
  summary: DrawSummary;
  status: 'preview' | 'publishing' | 'published';
  publishedAt?: string;
  publishedBy?: string;
  /** Once published: the children the draw placed that enrolling would have refused then, left unplaced. */
  leftOut?: LeftOutChild[];
}

/**
 * Every draw run, kept: who ran it, when, its seed and summary (its input and result are its export's parts),
 * and for the one published, when and by whom.
 */
export type DrawRun = Pick<
  LotteryDrawState,
  | 'semesterId'
  | 'drawId'
  | 'seed'
  | 'commitment'
  | 'ranAt'
  | 'ranBy'
  | 'summary'
  | 'publishedAt'
  | 'publishedBy'
  | 'leftOut'
>;

/** A child the draw placed that its publication left unplaced, because enrolling would have refused it then. */
export interface LeftOutChild {
  familyId: string;
  studentId: string;
  firstName: string;
  /** Enrolling's refusal, in its words. */
  reason: string;
}

/** A commitment as kept: who made it too (the account, or the schedule), for the administrators' audit. */
export interface KeptCommitment extends SeedCommitment {
  by: string;
}
