// What an instance read lately (lambdas/platform/recentReads.ts): reads within the time are spared, calls
// that miss at once share one read, and a failed read or a value that may not be kept is read again.
import { RecentReads } from '../../lambdas/platform/recentReads';

function counted(values: Record<string, string>, keep?: (value: string) => boolean) {
  const reads: string[][] = [];
  const recent = new RecentReads<string>({
    ttlMs: 1000,
    read: async (ids) => {
      reads.push(ids);
      return new Map(ids.flatMap((id) => (values[id] === undefined ? [] : [[id, values[id]!] as const])));
    },
    ...(keep && { keep }),
  });
  return { recent, reads };
}

test('given calls that miss at once, then they share one read, and later calls within the time read nothing', async () => {
  const { recent, reads } = counted({ a: 'A', b: 'B' });
  const answers = await Promise.all([recent.get(['a', 'b'], 0), recent.get(['a'], 0), recent.get(['b'], 10)]);
  expect(answers.map((answer) => Object.fromEntries(answer))).toEqual([{ a: 'A', b: 'B' }, { a: 'A' }, { b: 'B' }]);
  expect(reads).toEqual([['a', 'b']]);
  await recent.get(['a'], 999);
  expect(reads).toHaveLength(1);
  await recent.get(['a'], 1000);
  expect(reads).toEqual([['a', 'b'], ['a']]);
});

test('given a value that may not be kept, or none, then the next call reads it again', async () => {
  const { recent, reads } = counted({ open: 'open', closed: 'closed' }, (value) => value === 'open');
  expect(Object.fromEntries(await recent.get(['open', 'closed', 'gone'], 0))).toEqual({
    open: 'open',
    closed: 'closed',
  });
  await recent.get(['open', 'closed', 'gone'], 1);
  expect(reads).toEqual([
    ['open', 'closed', 'gone'],
    ['closed', 'gone'],
  ]);
});

test('given a failed read, then it is not remembered', async () => {
  let fail = true;
  const recent = new RecentReads<string>({
    ttlMs: 1000,
    read: async (ids) => {
      if (fail) throw new Error('engine away');
      return new Map(ids.map((id) => [id, id.toUpperCase()] as const));
    },
  });
  await expect(recent.get(['a'], 0)).rejects.toThrow('engine away');
  fail = false;
  expect(Object.fromEntries(await recent.get(['a'], 1))).toEqual({ a: 'A' });
});
