/**
 * Work a request starts but does not wait for (a mail sent after the answer, so the answer's timing
 * does not tell whether an account exists). Each task is tracked per owner (the app's context), so
 * closing the app, or a test, can wait until they are done; a failure goes to `onError`, never lost.
 */
const pendingByOwner = new WeakMap<object, Set<Promise<void>>>();

export function runInBackground(owner: object, task: () => Promise<void>, onError: (error: unknown) => void): void {
  let pending = pendingByOwner.get(owner);
  if (!pending) {
    pending = new Set();
    pendingByOwner.set(owner, pending);
  }
  const tracked = Promise.resolve()
    .then(task)
    .catch(onError)
    .finally(() => pending.delete(tracked));
  pending.add(tracked);
}

/** Resolves once every task started so far for `owner` (and those they start) has finished. */
export async function backgroundSettled(owner: object): Promise<void> {
  const pending = pendingByOwner.get(owner);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}
