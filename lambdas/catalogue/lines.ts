// Lines of enrollment requests. The allocator decides each line's requests one after another, in the order
// they reached the API. A class group joins the lines of its classes: a group request and a request for
// one of its classes compete for the same seats, so they wait in one line and the earlier one is decided
// first. Classes that groups join, directly or through other groups, share one line, named by the smallest
// class id among them; a class in no group has a line of its own, named by its id. Each class item keeps
// its line (`line`, absent: its own), set again whenever a group of its semester is saved or deleted
// (alignLines in groups.ts). This module is the pure rule, shared with the benchmarks.
import type { ClassGroup } from '../contract/records';

/** The line of each of `classIds`, as `groups` join them. */
export function linesOf(
  classIds: Iterable<string>,
  groups: ReadonlyArray<Pick<ClassGroup, 'classIds'>>,
): Map<string, string> {
  const parent = new Map<string, string>();
  const root = (id: string): string => {
    const above = parent.get(id) ?? id;
    const top = above === id ? id : root(above);
    parent.set(id, top);
    return top;
  };
  for (const id of classIds) root(id);
  for (const group of groups) {
    for (const other of group.classIds.slice(1)) {
      const [low, high] = [root(group.classIds[0]!), root(other)].sort();
      parent.set(high!, low!);
    }
  }
  return new Map([...parent.keys()].map((id) => [id, root(id)]));
}
