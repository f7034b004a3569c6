// A call must answer before its function's timeout, however slow one of its AWS calls is that moment.

/**
 * What `work` gives, or what `late` gives when `deadline` (epoch ms) comes first. Work still under way
 * then finishes unawaited, and its failure is nobody's: only work that could change nothing the answer
 * promises belongs here (a read, or a lease holder's batch, which its lease makes safe to finish late).
 */
export async function byDeadline<T>(work: Promise<T>, deadline: number, late: () => T): Promise<T> {
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<T>((resolve, reject) => {
    timer = setTimeout(
      () => {
        try {
          resolve(late());
        } catch (error) {
          reject(error);
        }
      },
      Math.max(0, deadline - Date.now()),
    );
  });
  try {
    return await Promise.race([work, timeUp]);
  } finally {
    clearTimeout(timer);
  }
}
