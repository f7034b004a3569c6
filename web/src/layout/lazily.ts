import { lazy, type ComponentType } from 'react';

/** A component loaded on first use, so the start-up bundle (what /classes/enrollment needs) stays small. */
export function lazily<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
