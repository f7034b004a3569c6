// The processes a local stack runs, read from /proc: which engine a portal started shows in its process tree.
import { readdirSync, readFileSync } from 'node:fs';

/** A process and its descendants, by pid. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (field 2) may hold spaces and parentheses: the parent pid follows its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while the list was read.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
  }
  return tree;
}

/** The command names (`node`, `java`) of a process and its descendants. */
export function commandsInTree(root: number): string[] {
  return processTree(root).flatMap((pid) => {
    try {
      return [readFileSync(`/proc/${pid}/comm`, 'utf8').trim()];
    } catch {
      return [];
    }
  });
}
