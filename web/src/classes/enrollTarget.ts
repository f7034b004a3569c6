// What an enrollment is for: a class or a class group (how its outcome reads to a parent: outcome.ts).
import type { Class, ClassGroup } from '@contract/records';

export type EnrollTarget = { kind: 'class'; cls: Class } | { kind: 'group'; group: ClassGroup; classes: Class[] };

export const targetName = (target: EnrollTarget) => (target.kind === 'class' ? target.cls.name : target.group.name);
export const targetClasses = (target: EnrollTarget) => (target.kind === 'class' ? [target.cls] : target.classes);
