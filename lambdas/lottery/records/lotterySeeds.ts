// A semester's lottery seed and the commitments to it, `SEMESTER#id / SEED`. The seed (128 random bits) is made
// as soon as the semester has a lottery, and only its SHA-256 (hex), the commitment, is shown, to every family,
// until the draw is published; the draw runs with this seed and no other, so it cannot be run again with another
// seed unseen. An administrator who must change it (a mistake in the settings) makes a new seed and a new
// commitment, with the reason, which families see and count. The item is never returned by a function: the seed
// leaves it only in a draw (its preview, once requests closed, and its publication).
import { randomBytes } from 'node:crypto';
import { seedHash } from '../../contract/lottery/drawExport';
import type { SeedCommitment } from '../../contract/records';
import { transactWrite, type TransactItem } from '../../platform/transact';
import { entity, optional } from '../../platform/entity';
import { partitions } from '../../platform/partitions';
import type { KeptCommitment } from '../../contract/lottery/records';

export interface LotterySeed {
  semesterId: string;
  seed: string;
  /** Oldest first: the last is the seed's. */
  commitments: KeptCommitment[];
}

const seedEntity = entity<LotterySeed, Pick<LotterySeed, 'semesterId'>>({
  type: 'lotterySeed',
  key: { partition: ({ semesterId }) => partitions.semester(semesterId), sort: 'SEED' },
  read: (item) => ({
    semesterId: item.string('semesterId'),
    seed: item.string('seed'),
    commitments: item.list('commitments', (commitment) => ({
      hash: commitment.string('hash'),
      committedAt: commitment.string('committedAt'),
      ...optional('reason', commitment.optionalString('reason')),
      by: commitment.string('by'),
    })),
  }),
});

function newCommitment(by: string, reason?: string) {
  const seed = randomBytes(16).toString('hex');
  const commitment: KeptCommitment = {
    hash: seedHash(seed),
    committedAt: new Date().toISOString(),
    ...optional('reason', reason),
    by,
  };
  return { seed, commitment };
}

/** The commitments as families see them (and the draw's export carries them): without who made them. */
export const shownCommitments = (commitments: KeptCommitment[]): SeedCommitment[] =>
  commitments.map(({ by: _by, ...shown }) => shown);

/**
 * The semester's seed, committed now by `by` when it has none. Two calls at once commit one seed: the second
 * reads the first's.
 */
export async function committedSeed(semesterId: string, by: string): Promise<LotterySeed> {
  const found = await seedEntity.get({ semesterId });
  if (found) return found;
  const { seed, commitment } = newCommitment(by);
  const made: LotterySeed = { semesterId, seed, commitments: [commitment] };
  return (await seedEntity.put(made, { ifNew: true })) ? made : (await seedEntity.get({ semesterId }))!;
}

/** The seeds of several semesters that have one, by semester id, in one batch read. */
export async function seedsOf(semesterIds: string[]): Promise<Map<string, LotterySeed>> {
  const found = await seedEntity.getMany(semesterIds.map((semesterId) => ({ semesterId })));
  return new Map(found.map((seed) => [seed.semesterId, seed]));
}

export function seedOf(semesterId: string): Promise<LotterySeed | undefined> {
  return seedEntity.get({ semesterId });
}

/** A transaction's check that `seed` is still the semester's committed seed: no change of seed came between. */
export function seedStillCommitted(semesterId: string, seed: string): TransactItem {
  return seedEntity.checkItem(
    { semesterId },
    { condition: '#seed = :seed', names: { '#seed': 'seed' }, values: { ':seed': seed } },
  );
}

/**
 * Replaces the seed `current` with a new one and its commitment, for `reason`, if the seed is still `current`'s
 * and `drawOpen` (the draw's own check) holds. Which of the two failed, when one did.
 */
export async function changeSeed(
  current: LotterySeed,
  reason: string,
  by: string,
  drawOpen: TransactItem,
): Promise<{ changed: LotterySeed } | { failed: 'seed' | 'draw' }> {
  const { seed, commitment } = newCommitment(by, reason);
  const outcome = await transactWrite([
    seedEntity.updateItem(
      { semesterId: current.semesterId },
      {
        set: { seed },
        setClauses: ['#commitments = list_append(#commitments, :commitment)'],
        names: { '#commitments': 'commitments', '#current': 'seed' },
        values: { ':commitment': [commitment], ':current': current.seed },
        condition: '#current = :current',
      },
    ),
    drawOpen,
  ]);
  if (outcome.committed) return { changed: { ...current, seed, commitments: [...current.commitments, commitment] } };
  return { failed: outcome.failed.has(0) ? 'seed' : 'draw' };
}
