import { lazy, type ComponentType } from 'react';
import { wordsLoaded } from '../i18n/i18n';

/**
 * A component loaded on first use, so the start-up bundle (what /classes/enrollment needs) stays small. It renders
 * once its words in the language shown are loaded too (a language but English has a chunk per part).
 */
export function lazily<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => {
    const loaded = await load();
    await wordsLoaded();
    return { default: loaded[name] };
  });
}
