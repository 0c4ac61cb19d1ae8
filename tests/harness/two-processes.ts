// Two real server processes on one scratch PostgreSQL database (the scale-out harnesses of issue 14):
// each process has its own pool, LISTEN connection, jobs and DATA_DIR (its mail outbox); they share
// the harness's JWT secret, so a minted token opens a socket on either. 127.0.0.1 is a trusted proxy:
// each simulated client counts under its own X-Forwarded-For address in the per-address limits.
import type { ReadMail } from '../mail.ts';
import { makeDataDir, processEnv, readOutbox } from './fixtures.ts';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

export type TwoProcesses = {
  scratch: ScratchDatabase;
  a: ServerProcess;
  b: ServerProcess;
  /** Every mail both processes have written to their outboxes so far. */
  mails(): Promise<ReadMail[]>;
  close(): Promise<void>;
};

export async function startTwoProcesses(env: Record<string, string> = {}): Promise<TwoProcesses> {
  const scratch = await createScratchDatabase();
  const dataDirs = [await makeDataDir(), await makeDataDir()];
  const started: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(started.map((server) => server.stop()));
    await scratch.drop();
    await Promise.all(dataDirs.map((dataDir) => dataDir.remove()));
  };
  try {
    // One after the other: the startup tasks of the second find the first's work done.
    for (const dataDir of dataDirs) {
      started.push(
        await startServerProcess(processEnv(scratch.url, dataDir.path, { TRUST_PROXY: '127.0.0.1', ...env })),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    scratch,
    a: started[0]!,
    b: started[1]!,
    async mails() {
      return (await Promise.all(dataDirs.map((dataDir) => readOutbox(dataDir.path)))).flat();
    },
    close,
  };
}
