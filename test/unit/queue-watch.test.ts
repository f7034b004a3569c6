// When the allocator takes a pending request to have reached its queue: the moment its write began, unless
// an earlier read of the queue covered its place and did not see it (the write landed late), then the read
// that first saw it.
import { QueueWatch } from '../../lambdas/enrollment/queueWatch';

const request = (id: string, arrivedAt: number, queuedAt = arrivedAt + 100) => ({ id, arrivedAt, queuedAt });

test('a request seen in the first read reached the queue when its write began', () => {
  const watch = new QueueWatch();
  const first = request('a', 1000, 1300);
  watch.saw([first], false, 5000);
  expect(watch.reached(first)).toBe(1300);
});

test('a request that shows up where an earlier read saw the whole queue reached it no sooner than the read that saw it, and keeps that moment', () => {
  const watch = new QueueWatch();
  const [early, later] = [request('a', 1000), request('b', 2000)];
  watch.saw([later], false, 3000);
  // Its write began at 1100 but landed after the read at 3000 (which saw everything) and before the one at 4000.
  watch.saw([early, later], false, 4000);
  expect(watch.reached(early)).toBe(4000);
  expect(watch.reached(later)).toBe(2100);
  watch.saw([early, later], false, 6000);
  expect(watch.reached(early)).toBe(4000);
});

test('a request behind the end of a read that stopped at its limit was not looked at: its write tells when it came', () => {
  const watch = new QueueWatch();
  const [first, second, third] = [request('a', 1000), request('b', 2000), request('c', 3000)];
  watch.saw([first, second], true, 5000);
  watch.saw([second, third], true, 6000);
  expect(watch.reached(third)).toBe(3100);
  // One of the same millisecond as the read's last may sort after it (by id): not looked at either.
  const tied = request('cc', 3000);
  watch.saw([third, tied], false, 7000);
  expect(watch.reached(tied)).toBe(3100);
  // Once a read saw the whole queue, any request new to it came after.
  const late = request('z', 2500);
  watch.saw([late, third, tied], false, 8000);
  expect(watch.reached(late)).toBe(8000);
});

test('requests gone from the queue (decided) are forgotten', () => {
  const watch = new QueueWatch();
  const [first, second] = [request('a', 1000), request('b', 2000)];
  watch.saw([first, second], false, 3000);
  watch.saw([second], false, 4000);
  // Not in the last read: only what it carries is known.
  expect(watch.reached(first)).toBe(1100);
});
