// `npm start` (DESIGN.md section 4): build the web app when its sources changed since the last build,
// then run the server in the foreground. Signals go to the server, whose exit code becomes ours.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, buildWeb, exitCodeOf, webBuildIsStale } from './lib.mjs';

if (webBuildIsStale()) {
  if (existsSync(path.join(ROOT, 'vite.config.ts'))) {
    console.log('Building the web app (dist/web)...');
    const code = await buildWeb();
    if (code !== 0) {
      console.error(`The web build failed (exit code ${code}).`);
      process.exit(code);
    }
  } else {
    console.warn('vite.config.ts is missing: starting the API without the web app.');
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, stdio: 'inherit' });

// Ctrl+C already reaches the server through the terminal's process group; forwarding is for
// supervisors (systemd, Docker, CI) that signal only us. The server ignores a second signal.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
