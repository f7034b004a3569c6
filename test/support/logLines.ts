// The functions' log, as a test reads it: Powertools writes each line itself to stdout or stderr (not
// through Jest's console). The unit tests run the logger SILENT (unit-env.ts), and Powertools takes its
// level back from the environment at each call: a unit test that reads the log loads the modules that
// write it with `loadWithLog`.
import { logEntries } from './stack-setup';

export interface LogCapture {
  /** Everything written to stdout and stderr meanwhile. */
  text(): string;
  /** The log lines among it. */
  lines(): Array<Record<string, unknown>>;
  restore(): void;
}

/** Catches what is written to stdout and stderr until restored. */
export function captureLog(): LogCapture {
  let text = '';
  const spies = [process.stdout, process.stderr].map((stream) =>
    jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      text += String(chunk);
      return true;
    }),
  );
  return {
    text: () => text,
    lines: () => logEntries(text),
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

/** Modules loaded afresh (`load` requires them) with the logger at INFO, as in AWS. */
export function loadWithLog<T>(load: () => T): T {
  const level = process.env.POWERTOOLS_LOG_LEVEL;
  process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
  try {
    let loaded: T | undefined;
    jest.isolateModules(() => {
      loaded = load();
    });
    return loaded!;
  } finally {
    if (level === undefined) delete process.env.POWERTOOLS_LOG_LEVEL;
    else process.env.POWERTOOLS_LOG_LEVEL = level;
  }
}
